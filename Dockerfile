# The shop as a container image: `docker build -t shop .`, then
# `docker run -p 3000:3000 -v shop-data:/data -e ADMIN_PASSWORD=… shop`. compose.yaml runs it with
# PostgreSQL. resilience/container.test.ts runs these very steps (the COPY, RUN, ENV and CMD
# lines below) in clean folders on a machine without a container engine.

# ---- build: every dependency, then the web app's build --------------------------------------
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies only (native modules built here, with the compilers) ------------
FROM node:24-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund

# ---- the image: the server, its production dependencies, the built web app -------------------
FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# The production install, workspaces' own node_modules included, then the sources it runs.
COPY --from=deps /app ./
COPY packages/domain packages/domain
COPY apps/server apps/server
# The storefront's texts: the server words its page titles and previews with them.
COPY apps/web/src/storefront/i18n/locales apps/web/src/storefront/i18n/locales
COPY scripts/start.mjs scripts/node24.mjs scripts/web-build-stamp.mjs scripts/
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
# The official image's unprivileged user; the data (SQLite database, uploads) live in the volume.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server is the container's first process (no npm, no shell between): `docker stop`'s
# SIGTERM reaches it, it drains its requests (SHUTDOWN_GRACE_SECONDS) and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
