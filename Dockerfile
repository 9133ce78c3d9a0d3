# syntax=docker/dockerfile:1
# Horror Stories: production image. Node 24 comes from the base image (the
# `node` devDependency that supplies it on development machines is omitted).

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- dependencies for the build (all of them) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.ts scripts/postgres-schema.ts ./scripts/
COPY prisma/schema.prisma ./prisma/
COPY prisma/postgres/schema.prisma ./prisma/postgres/
COPY prisma.config.ts ./
RUN npm ci

# ---- build ----
FROM deps AS build
COPY . .
RUN npm run build

# ---- production dependencies only ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/horror-stories.db
WORKDIR /app

COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app/generated ./app/generated
# Settings the database scripts share with the server, and the client for either engine (the seed's).
COPY app/database.ts app/database-client.server.ts ./app/
COPY package.json ./
COPY prisma ./prisma
# The start script, its migrations and `npm run sync` (scripts/docker-image.test.ts checks what they load).
COPY scripts/migrate.ts scripts/sync.ts scripts/server-build.ts scripts/env-file.ts scripts/docker-start.sh ./scripts/

# The SQLite database lives on a volume owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node

EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# Apply pending migrations, then start the server.
CMD ["sh", "scripts/docker-start.sh"]
