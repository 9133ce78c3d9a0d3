# Horror Stories: the production image (README "Running in Docker"). Node 24 comes from the base
# image: the `node` devDependency that supplies it on development machines is left out. The image
# test (tests/image/) builds this file with podman on a base made locally, with the machine's npm
# registry settings mounted into the build only, never copied in (docs/decisions/041).

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- dependencies for the build (all of them) ----
FROM ${NODE_IMAGE} AS deps
# `prisma generate` (the install's postinstall) warns when it finds no libssl, which slim images
# lack. Nothing here uses it (Node has its own OpenSSL; the client runs on libSQL), so it is
# installed in this build stage only, not in the image.
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libssl3 >/dev/null \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# The install's postinstall generates both clients: SQLite's from the schema folder prisma/schema/,
# and PostgreSQL's from the copy made of it, which it checks is current (docs/decisions/039).
COPY scripts/prisma-generate.ts scripts/postgres-schema.ts scripts/schema-files.ts ./scripts/
COPY prisma/schema ./prisma/schema
COPY prisma/postgres/schema ./prisma/postgres/schema
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund

# ---- build ----
FROM deps AS build
COPY . .
RUN npm run build

# ---- production dependencies: the lockfile's, without what the server never loads ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY scripts/prune-production.ts ./scripts/
COPY --from=build /app/app/generated ./app/generated
RUN node scripts/prune-production.ts /app && mkdir /app/data

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/horror-stories.db
WORKDIR /app

COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app/generated ./app/generated
# Settings the database scripts share with the server, the client the seed opens (either engine),
# and the search text the seed writes beside each story.
COPY app/database.ts app/database-client.server.ts app/database-address.server.ts ./app/
COPY app/content/search-index.ts app/content/html-text.ts ./app/content/
COPY app/site/search-text.ts ./app/site/
COPY package.json ./
COPY prisma ./prisma
# The start script, its migrations, `npm run sync` and `npm run backup` (scripts/docker-image.test.ts checks what they load).
COPY scripts/migrate.ts scripts/schema-files.ts scripts/sync.ts scripts/backup.ts scripts/server-build.ts scripts/env-file.ts scripts/docker-start.sh ./scripts/

# The SQLite database lives on a volume owned by the unprivileged user (uid 1000). Made by a COPY,
# so this stage runs nothing: a build's mounts (npm settings, say) leave no mount point in its layers.
COPY --from=prod-deps --chown=node:node /app/data /data
VOLUME ["/data"]
USER node

EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# Apply pending migrations, then start the server.
CMD ["sh", "scripts/docker-start.sh"]
