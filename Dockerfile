# syntax=docker/dockerfile:1
# Pastebox, deployment shape 1 (DESIGN §1): one process serving the API and the web app,
# SQLite and files under /data. Build: docker build -t pastebox .   Run: see docker-compose.yml.

# ---- base: Node plus the toolchain that native modules (better-sqlite3, argon2) fall back
# to when no prebuilt binary matches the platform.
FROM node:24-bookworm-slim AS base
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Only the manifests first, so the dependency layers are reused until they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The CLI workspace (packages/cli): npm ci installs every workspace of the lock file.
COPY packages/cli/package.json packages/cli/

# ---- build: every dependency, then `npm run build` (web app → apps/web/dist, server →
# apps/server/dist/main.js with the contract bundled in).
FROM base AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- prod-deps: the runtime dependencies of the server alone — dev dependencies pruned
# and the web app's libraries left out, since Vite has bundled them into apps/web/dist.
FROM base AS prod-deps
RUN npm ci --omit=dev --workspace=@pastebox/server --workspace=@pastebox/contract \
  --no-audit --no-fund

# ---- runtime
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8787 \
  DATA_DIR=/data \
  WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=prod-deps /app/package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/packages/contract/package.json ./packages/contract/
COPY --from=prod-deps /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --chmod=755 scripts/docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN mkdir -p /data && chown node:node /data
VOLUME /data
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The entrypoint makes /data writable (a bind-mounted ./data arrives owned by root), then
# runs the server as the unprivileged `node` user.
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node", "apps/server/dist/main.js"]
