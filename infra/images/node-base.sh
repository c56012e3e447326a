#!/usr/bin/env bash
# Builds the Containerfile's base image from Debian's own packages and this machine's Node.js,
# for a machine that reaches no container registry (our build machines reach Debian's mirror and
# npm only): Debian bookworm (debootstrap, minbase) plus /usr/bin/node and npm, a user `node`
# (uid 1000) as in the official image, docs, locales and apt's lists left out. Elsewhere the
# Containerfile's default, docker.io/library/node:20-bookworm-slim, is the same thing.
#
#   infra/images/node-base.sh [image]      # default: localhost/clinic-node:20-bookworm-slim
#
# An image already there is kept (its layers are the images' build cache); NODE_BASE_REBUILD=1
# makes it again (after a Node.js upgrade, or for Debian's security updates).
#
# Needs root (debootstrap), podman and Debian's mirror. The root filesystem is kept under
# ${NODE_BASE_CACHE:-/var/tmp/clinic-node-base} so a second run only re-imports it.
set -euo pipefail

IMAGE="${1:-localhost/clinic-node:20-bookworm-slim}"
CACHE="${NODE_BASE_CACHE:-/var/tmp/clinic-node-base}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
NODE_BIN="$(command -v node)"
NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"

log() { printf '[node-base] %s\n' "$*" >&2; }
die() { printf '[node-base] ERROR: %s\n' "$*" >&2; exit 1; }

[[ $EUID -eq 0 ]] || die "run as root (debootstrap needs it)"
command -v debootstrap >/dev/null || die "debootstrap is missing: apt-get install debootstrap"
command -v podman >/dev/null || die "podman is missing: apt-get install podman"
NODE_MAJOR="$("$NODE_BIN" -p 'process.versions.node.split(".")[0]')"
[[ "$NODE_MAJOR" == 20 ]] || die "this machine's Node.js is $("$NODE_BIN" --version), the images run Node 20"

if [[ -z "${NODE_BASE_REBUILD:-}" ]] && podman image exists "$IMAGE"; then
  log "$IMAGE is there already (NODE_BASE_REBUILD=1 makes it again)"
  exit 0
fi
[[ -n "${NODE_BASE_REBUILD:-}" ]] && rm -rf "$CACHE/debian"

if [[ ! -f "$CACHE/debian/etc/debian_version" ]]; then
  log "debootstrap bookworm (minbase) into $CACHE/debian"
  rm -rf "$CACHE/debian"
  mkdir -p "$CACHE"
  debootstrap --variant=minbase bookworm "$CACHE/debian" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 ||
    { tail -n 20 "$CACHE/debootstrap.log" >&2; die "debootstrap failed"; }
fi

ROOT="$CACHE/rootfs"
rm -rf "$ROOT"
cp -a "$CACHE/debian" "$ROOT"
rm -rf "$ROOT"/var/cache/apt/* "$ROOT"/var/lib/apt/lists/* "$ROOT"/usr/share/{doc,man,info,locale}/* \
  "$ROOT"/var/log/*.log "$ROOT"/var/cache/debconf/*-old
install -m 0755 "$NODE_BIN" "$ROOT/usr/local/bin/node"
mkdir -p "$ROOT/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$ROOT/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"
chroot "$ROOT" groupadd --gid 1000 node
chroot "$ROOT" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

log "importing $IMAGE (node $("$NODE_BIN" --version), npm $(npm --version))"
tar -C "$ROOT" --numeric-owner -c . |
  podman import --change 'CMD ["node"]' --change 'ENV NODE_VERSION='"$("$NODE_BIN" --version | tr -d v)" \
    - "$IMAGE" >/dev/null
rm -rf "$ROOT"
podman image inspect --format '{{.Id}} {{.Size}}' "$IMAGE" >&2
