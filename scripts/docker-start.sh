#!/bin/sh
# Container entry: apply pending migrations, then replace this shell with the server.
set -e
# A volume this user cannot write (a host folder or a volume owned by root, or one mounted read-only)
# would otherwise stop the migrations with only "Migration failed: External error id#0".
case "${DATABASE_URL:-}" in
  file:*)
    dir=$(dirname "${DATABASE_URL#file:}")
    if ! mkdir -p "$dir" 2>/dev/null || ! [ -w "$dir" ]; then
      echo "Cannot start: the database folder $dir is not writable by this container's user (uid $(id -u))." >&2
      echo "Give it to uid 1000 and mount it read-write: for a host folder, chown -R 1000:1000 <folder>;" >&2
      echo "for a named volume, docker run --rm --user root -v <volume>:$dir <image> chown -R 1000:1000 $dir" >&2
      exit 1
    fi
    ;;
esac
node scripts/migrate.ts deploy
if [ "${SEED_DEMO_STORIES:-false}" = "true" ]; then
  node prisma/seed.ts
fi
# The same command as `npm start` (package.json): glibc's allocator and V8's heap set for the
# server's 200 MB memory budget (docs/performance.md, decision 030), and the build's JavaScript entry.
exec env MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=4 --heap-growing-percent=30 --liftoff-only build/start.js
