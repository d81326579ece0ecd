# The reference image of Hearth (docs/deploy.md): built in one stage, run from a slim one as a non-root user,
# with ffmpeg for the poster frames of uploaded videos. Data and configuration come from the environment.
#   docker build -t hearth .
#   docker run -p 3000:3000 -v hearth-data:/data hearth

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused until they change.
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only what runs in production: the workspaces' runtime dependencies (sharp's and PGlite's binaries come
# from the npm packages themselves, nothing is downloaded at run time).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/contract/package.json contract/
COPY --from=build /app/server/package.json server/
COPY --from=build /app/web/package.json web/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/contract/package.json contract/
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/migrations server/migrations
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only: a load balancer asks /v1/health/ready before it sends traffic.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/v1/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# tini passes SIGTERM on and reaps children, so the server's graceful shutdown runs on `docker stop`.
ENTRYPOINT ["tini", "--"]
CMD ["node", "server/dist/main.js"]
