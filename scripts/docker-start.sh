#!/bin/sh
# Container entry: apply pending migrations, then replace this shell with the server.
set -e
node scripts/migrate.ts deploy
if [ "${SEED_DEMO_STORIES:-false}" = "true" ]; then
  node prisma/seed.ts
fi
exec node server.js
