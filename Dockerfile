# Multi-stage build: a release binary on a slim image, run as a non-root user with the
# database on a volume.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
# The workspace's crates, one per layer (ARCHITECTURE.md).
COPY crates ./crates
COPY migrations ./migrations
# The message catalog is embedded at build time by crates/catalog/build.rs.
COPY locales ./locales
# Declared targets must exist for cargo to read the manifest.
COPY benches ./benches
COPY tests ./tests
RUN cargo build --release --locked --bin pakka

# The Activity's window: its client, built with npm (served from /usr/share/pakka/web).
FROM node:20-bookworm-slim AS window
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web ./
RUN npm run build

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --create-home --home-dir /home/pakka pakka \
 && mkdir -p /data && chown pakka:pakka /data
COPY --from=build /src/target/release/pakka /usr/local/bin/pakka
COPY --from=window /web/dist /usr/share/pakka/web
USER pakka
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:///data/pakka.db
# The window is served only with ACTIVITY_ADDR (and DISCORD_CLIENT_SECRET) set.
ENV ACTIVITY_CLIENT_DIR=/usr/share/pakka/web
# SIGTERM (Docker's default, said aloud) starts pakka's clean stop: new clicks are told it is
# restarting, the moves under way are stored and shown, and it exits 0 within 10 s, which is
# docker stop's default grace period; `docker stop -t 20` leaves room to spare.
STOPSIGNAL SIGTERM
ENTRYPOINT ["pakka"]
