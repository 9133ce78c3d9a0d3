#!/bin/sh
# Container entry: apply pending migrations, then replace this shell with the server.
set -e
node scripts/migrate.ts deploy
if [ "${SEED_DEMO_STORIES:-false}" = "true" ]; then
  node prisma/seed.ts
fi
# The same command as `npm start` (package.json): glibc's allocator and V8's heap set for the
# server's 200 MB memory budget (docs/performance.md, decision 030), and the build's JavaScript entry.
exec env MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=4 --heap-growing-percent=50 --liftoff-only build/start.js
