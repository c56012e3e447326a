#!/usr/bin/env bash
# Starts each image's process as the image runs it (its user, working directory and command) and
# checks it answers: /healthz, then /readyz ready (a service, on its embedded engines) or the web
# app (the gateway, whose services are not there). Also refuses an image holding a dev
# dependency or npm.
#
#   infra/images/smoke.sh localhost/clinic-checkout:dev localhost/clinic-gateway:dev
#
# Why a build and not `podman run`: a container nested in this machine's sandbox cannot set its
# rlimits or cgroups (crun: "setrlimit RLIMIT_NOFILE: Operation not permitted"), while a build
# step with chroot isolation runs. The step runs the image's own CMD on the host's network, on
# SMOKE_PORT (default 3320); nothing of it is kept.
set -euo pipefail
PORT="${SMOKE_PORT:-3320}"
DIR="$(mktemp -d)"
trap 'rm -rf "$DIR"' EXIT

for image in "$@"; do
  cmd="$(podman image inspect --format '{{join .Config.Cmd " "}}' "$image")"
  service="$(basename "$(podman image inspect --format '{{.Config.WorkingDir}}' "$image")")"
  urls=""
  for s in identity checkout intake verification forms chat clinic fulfillment marketing; do
    urls="$urls ${s^^}_URL=http://127.0.0.1:9"
  done
  cat >"$DIR/Containerfile" <<CONTAINERFILE
FROM $image
ENV PORT=$PORT DATA_DIR=:memory: INTERNAL_SECRET=smoke-test-secret-of-at-least-32-characters $urls
RUN echo "[$service] runs as \$(id -u):\$(id -g) in \$(pwd): $cmd"; \\
    [ "\$(id -u)" != 0 ] || { echo "[$service] runs as root"; exit 1; }; \\
    for p in jest typescript esbuild vite tsx eslint @swc/core @playwright/test; do \\
      [ ! -e "/app/node_modules/\$p" ] || { echo "[$service] dev dependency in the image: \$p"; exit 1; }; done; \\
    ! command -v npm >/dev/null || { echo "[$service] npm is in the image"; exit 1; }; \\
    grep -q 'kafkajs#1556' /app/node_modules/kafkajs/src/network/requestQueue/index.js || \\
      { echo "[$service] kafkajs without patches/kafkajs+2.2.4.patch"; exit 1; }; \\
    ! node -e "fetch('http://127.0.0.1:$PORT/healthz').then(() => process.exit(0), () => process.exit(1))" || \\
      { echo "[$service] something already answers on port $PORT (SMOKE_PORT)"; exit 1; }; \\
    $cmd >/tmp/smoke.log 2>&1 & pid=\$!; \\
    answered=0; \\
    node -e " \\
      const get = (p) => fetch('http://127.0.0.1:$PORT' + p).then(async (r) => [r.status, await r.text()]); \\
      const gateway = '$service' === 'gateway'; \\
      (async () => { \\
        for (let i = 0; i < 60; i++) { \\
          const [status, body] = await get(gateway ? '/' : '/readyz').catch(() => [0, '']); \\
          if (status === 200) { \\
            const [h, health] = await get('/healthz'); \\
            console.log('[$service] /healthz ' + h + ' ' + health + '; ' + (gateway ? 'GET / ' + status + ' ' + body.match(/<title>[^<]*/)[0].slice(7) : '/readyz ' + body)); \\
            process.exit(h === 200 ? 0 : 1); \\
          } \\
          await new Promise((r) => setTimeout(r, 1000)); \\
        } \\
        process.exit(1); \\
      })();" && answered=1; \\
    kill \$pid; wait \$pid; \\
    [ \$answered = 1 ] || { echo "[$service] did not answer; its log:"; cat /tmp/smoke.log; exit 1; }
CONTAINERFILE
  status=0
  podman build --isolation=chroot --network=host --no-cache -f "$DIR/Containerfile" \
    -t localhost/clinic-smoke "$DIR" >"$DIR/build.log" 2>&1 || status=$?
  grep -E "^\[$service\]" "$DIR/build.log" || true
  if ((status != 0)); then
    tail -n 30 "$DIR/build.log"
    echo "[$service] smoke check FAILED"
    exit 1
  fi
  podman rmi localhost/clinic-smoke >/dev/null
done
