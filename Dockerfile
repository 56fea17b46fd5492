# Tubekeeper's image (issue 14): the API (`serve`, the default command) and `worker` processes run from it.
# Node 20 on Debian bookworm, yt-dlp, ffmpeg and Apprise from Debian, a non-root user, and volumes for the
# data folder and the media and cache folders that every process of a deployment shares.
#   docker build -t tubekeeper .    (compose.yaml builds it for you)
# Debian's yt-dlp ages with the release; Settings: Dashboard and GET /api/health/?details=true show its age.
# To use a newer one, mount it and set YTDLP_PATH (docs/OPERATIONS.md).

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its native module when no prebuilt one fits
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
# the web app and the server bundle (apps/web/dist, apps/server/dist), then only what runs them
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg yt-dlp apprise fonts-dejavu-core tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# /data: the data folder (SQLite when DATABASE_URL is unset, this process's records), with media/ and
# cache/ inside unless TK_MEDIA_DIR and TK_CACHE_DIR point elsewhere. /archive: where compose.yaml mounts
# the media and cache folders every process of a scale-out deployment shares (one volume, so a finished
# download moves into the media tree by a rename, not a copy)
RUN mkdir -p /data /archive && chown node:node /data /archive
# MALLOC_ARENA_MAX: glibc's malloc keeps one arena per thread up to 8 per core; the server's SQLite threads
# each held freed memory in their own (docs/ARCHITECTURE.md, "The server's memory under load")
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    TK_DATA_DIR=/data \
    TK_LISTEN=0.0.0.0 \
    TK_PORT=8000
USER node
VOLUME ["/data"]
EXPOSE 8000
# tini forwards SIGTERM, so `docker stop` gives a worker its graceful shutdown. A 4 MB semi-space: V8's
# default young generation (33.6 MB on the main thread, 8.4 MB with this) is a seventh of the 250 MB the
# server may take under load (docs/ARCHITECTURE.md, "The server's memory under load"); npm start passes the same
ENTRYPOINT ["tini", "--", "node", "--max-semi-space-size=4", "apps/server/dist/main.mjs"]
CMD ["serve"]
