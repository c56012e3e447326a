#!/usr/bin/env bash
# Stops the local S3Proxy, stripe-mock, Kafka, Redis and PostgreSQL started by infra/local/up.sh.
#
#   infra/local/down.sh           # stop; data is kept for the next up.sh
#   infra/local/down.sh --purge   # stop and delete all data and logs (Kafka and S3Proxy jars and the stripe-mock binary are kept)
#   infra/local/down.sh redis     # stop only the engines named (postgres redis kafka stripe-mock s3proxy);
#                                 # up.sh starts them again with their data (the chaos suite's restarts)
#
# Safe to run when nothing is running.
set -euo pipefail

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PURGE="" ONLY=()
for arg in "$@"; do
  case "$arg" in
    --purge) PURGE=1 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    postgres|redis|kafka|stripe-mock|s3proxy) ONLY+=("$arg") ;;
    *) die "unknown argument: $arg (use --purge, engine names or --help)" ;;
  esac
done
[[ -n "$PURGE" && ${#ONLY[@]} -gt 0 ]] && die "--purge deletes every engine's data: name no engine with it"
# True when this run stops the engine $1 (every engine unless some were named).
wanted() { [[ ${#ONLY[@]} -eq 0 || " ${ONLY[*]} " == *" $1 "* ]]; }

# Stops the process in a pid file: runs the polite stop command "${@:5}" if given, else
# sends SIGTERM; waits for it to exit and sends SIGKILL after $3 seconds.
stop_pidfile() {
  local what="$1" file="$2" grace="$3" pattern="$4" pid
  shift 4
  if ! pid_alive "$file" "$pattern"; then
    log "$what: not running"
    rm -f "$file"
    return
  fi
  pid="$(tr -dc '0-9' <"$file")"
  log "$what: stopping (pid $pid)"
  if (($# > 0)); then
    "$@" >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null || true
  else
    kill -TERM "$pid" 2>/dev/null || true
  fi
  local deadline=$((SECONDS + grace))
  while proc_running "$pid"; do
    if ((SECONDS >= deadline)); then
      log "$what: still running after ${grace}s, killing"
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.5
  done
  rm -f "$file"
  log "$what: stopped"
}

# stripe-mock holds no state: SIGTERM is all it needs.
! wanted stripe-mock || stop_pidfile stripe-mock "$STRIPE_MOCK_PID" 10 stripe-mock
# S3Proxy writes each object with a rename: SIGTERM stops Jetty, nothing is half-written.
! wanted s3proxy || stop_pidfile s3proxy "$S3PROXY_PID" 20 org.gaul.s3proxy.Main
# Kafka next: it is the one that can take a while (controlled shutdown, log flush).
! wanted kafka || stop_pidfile kafka "$KAFKA_PID" 60 kafka.Kafka
# SHUTDOWN flushes the AOF and writes a final snapshot before exiting.
! wanted redis || stop_pidfile redis "$REDIS_PID" 30 redis-server redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown

if ! wanted postgres; then
  :
elif pg_running; then
  log "postgres: stopping"
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 60 stop >/dev/null
  log "postgres: stopped"
else
  log "postgres: not running"
fi

if [[ -n "$PURGE" ]]; then
  log "purging data and logs under $STATE_DIR (Kafka jars in $KAFKA_DIR/libs-*, S3Proxy jars in $S3PROXY_DIR/libs-* and stripe-mock in $STRIPE_MOCK_DIR/bin-* are kept)"
  rm -rf "$PG_DIR" "$REDIS_DIR" "$KAFKA_DATA" "$KAFKA_CLUSTER_ID_FILE" \
    "$KAFKA_LOG" "$KAFKA_LOG.1" "$KAFKA_DIR"/*.properties "$KAFKA_DIR/maven.log" \
    "$STRIPE_MOCK_LOG" "$STRIPE_MOCK_LOG.1" "$STRIPE_MOCK_HTTPS_SOCKET" "$STRIPE_MOCK_DIR/build.log" \
    "$STRIPE_MOCK_DIR/build.tmp" \
    "$S3PROXY_DATA" "$S3PROXY_LOG" "$S3PROXY_LOG.1" "$S3PROXY_CONF" "$S3PROXY_LOGBACK" \
    "$S3PROXY_DIR/maven.log" "$S3PROXY_LIBS.tmp"
fi
log "down"
