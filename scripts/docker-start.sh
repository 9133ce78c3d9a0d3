#!/bin/sh
# Container entry: apply pending migrations, then replace this shell with the server.
set -e
node scripts/migrate.ts deploy
if [ "${SEED_DEMO_STORIES:-false}" = "true" ]; then
  node prisma/seed.ts
fi
# The same Node options as `npm start` (package.json): V8's young generation sized for the
# server's 200 MB memory budget (docs/performance.md).
exec node --max-semi-space-size=4 server/index.ts
