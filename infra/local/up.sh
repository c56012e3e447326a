#!/usr/bin/env bash
# Installs (when missing) and starts PostgreSQL 15, Redis, a single-node Kafka broker
# (KRaft), stripe-mock and S3Proxy (S3-compatible) on 127.0.0.1 for cluster mode and its
# tests. Safe to run again: it skips what is already installed, built, formatted or running.
#
#   infra/local/up.sh            # start, then print the env lines on stdout
#   eval "$(infra/local/up.sh --env)"   # start, then export them into this shell
#
# Everything else is logged on stderr. State lives in ${INFRA_STATE_DIR:-<repo>/.infra}.
set -euo pipefail

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

MODE="plain"
case "${1:-}" in
  "") ;;
  --env) MODE="env" ;;
  -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) die "unknown argument: $1 (use --env or --help)" ;;
esac

# From here on stdout is reserved for the final env lines (fd 3); anything a command
# prints goes to stderr so that `eval "$(up.sh --env)"` only ever sees exports.
# Every daemon is started with fd 3 closed: a daemon holding the caller's stdout open
# would make `$(up.sh --env)` wait forever.
exec 3>&1 1>&2

STARTED_AT=$SECONDS

# ---------------------------------------------------------------------------
# Packages
# ---------------------------------------------------------------------------
ensure_packages() {
  local missing=()
  [[ -x "$PG_BIN/pg_ctl" ]]               || missing+=("postgresql")   # bookworm: postgresql = 15
  command -v redis-server >/dev/null 2>&1 || missing+=("redis-server")
  command -v redis-cli    >/dev/null 2>&1 || missing+=("redis-tools")
  command -v java         >/dev/null 2>&1 || missing+=("openjdk-17-jre-headless")
  command -v mvn          >/dev/null 2>&1 || missing+=("maven")
  # Go only builds stripe-mock: not needed once it is built.
  [[ -x "$STRIPE_MOCK_BIN" ]] || find_go >/dev/null || missing+=("golang-go")
  if ((${#missing[@]} == 0)); then
    log "packages: already installed"
    return
  fi
  [[ $EUID -eq 0 ]] || die "missing packages (${missing[*]}); run as root or install them first"
  log "packages: installing ${missing[*]}"

  # Debian's maintainer scripts start each service right after install (Debian's own
  # postgres cluster on 5432, redis on 6379) which would then squat our ports. A
  # policy-rc.d that answers 101 ("action forbidden") stops that; docker images already
  # ship one, otherwise we put a temporary one in place.
  local own_policy=""
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    own_policy=1
  fi
  local rc=0
  {
    DEBIAN_FRONTEND=noninteractive timeout 600 apt-get update -q &&
      DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -q --no-install-recommends "${missing[@]}"
  } || rc=$?
  [[ -n "$own_policy" ]] && rm -f /usr/sbin/policy-rc.d
  ((rc == 0)) || die "apt-get failed (exit $rc)"
  [[ -x "$PG_BIN/pg_ctl" ]] || die "postgresql installed but $PG_BIN/pg_ctl is missing (is it PostgreSQL $PG_MAJOR?)"
}

check_java() {
  local v
  v="$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1)"
  [[ -n "$v" && "$v" -ge 17 ]] || die "Kafka $KAFKA_VERSION needs Java 17+, found: $(java -version 2>&1 | head -n1)"
}

# Fails with a readable message when a port we need is held by something that is not ours.
require_free_port() {
  local port="$1" what="$2" hint="${3:-}"
  if port_open "$port"; then
    log "port $port is already in use by another process, cannot start $what:"
    port_owner "$port"
    [[ -n "$hint" ]] && log "$hint"
    die "$what: port 127.0.0.1:$port is taken"
  fi
}

# Polls "$@" once a second until it succeeds or START_TIMEOUT passes; on timeout prints
# the tail of the engine's log and fails.
wait_until() {
  local what="$1" logfile="$2"; shift 2
  local deadline=$((SECONDS + START_TIMEOUT))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      log "$what did not become ready within ${START_TIMEOUT}s; last lines of $logfile:"
      tail -n 40 "$logfile" 2>/dev/null | sed 's/^/    /' >&2 || true
      die "$what failed to start"
    fi
    sleep 1
  done
}

mkdir -p "$STATE_DIR"

# ---------------------------------------------------------------------------
# PostgreSQL: own data dir under the state dir, started with pg_ctl.
# (We do not use Debian's default cluster 15/main: a private data dir keeps every byte of
# state under .infra, needs no files in /etc, and `down.sh --purge` is just rm -rf.)
# ---------------------------------------------------------------------------
pg_sql() { PGPASSWORD="$PG_PASSWORD" psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" "$@"; }

start_postgres() {
  mkdir -p "$PG_DIR"
  if [[ $EUID -eq 0 ]]; then
    chown postgres:postgres "$PG_DIR"
    as_pg test -w "$PG_DIR" ||
      die "user postgres cannot reach $PG_DIR (a parent directory is not traversable); set INFRA_STATE_DIR to a path it can use"
  fi

  if [[ ! -f "$PG_DATA/PG_VERSION" ]]; then
    log "postgres: initdb in $PG_DATA"
    rm -rf "$PG_DATA"   # a half-made data dir from an interrupted run
    local pwfile="$PG_DIR/.pwfile"
    (umask 077 && printf '%s\n' "$PG_PASSWORD" >"$pwfile")
    [[ $EUID -eq 0 ]] && chown postgres:postgres "$pwfile"
    # The bootstrap superuser is `clinic` itself (tests create and drop schemas and
    # databases); password auth everywhere, including the local socket.
    as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U "$PG_USER" --pwfile="$pwfile" \
      --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 ||
      { rm -f "$pwfile"; tail -n 20 "$PG_DIR/initdb.log" >&2; die "postgres: initdb failed"; }
    rm -f "$pwfile"
    echo "include_if_exists = 'clinic-local.conf'" | as_pg tee -a "$PG_DATA/postgresql.conf" >/dev/null
  fi

  # Re-written on every run; takes effect at the next (re)start.
  as_pg tee "$PG_DATA/clinic-local.conf" >/dev/null <<EOF
# Written by infra/local/up.sh -- edits are overwritten.
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = ''   # TCP on loopback only
max_connections = 200          # several services x pool size, plus test runs
password_encryption = scram-sha-256
EOF

  if pg_running; then
    log "postgres: already running"
  else
    require_free_port "$PG_PORT" postgres \
      "if it is Debian's default cluster, stop it with: pg_ctlcluster $PG_MAJOR main stop"
    log "postgres: starting"
    [[ $EUID -eq 0 ]] && { touch "$PG_LOG"; chown postgres:postgres "$PG_LOG"; }
    # pg_ctl detaches the postmaster into its own session, so it outlives this script.
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t "$START_TIMEOUT" start >/dev/null 3>&- ||
      { tail -n 40 "$PG_LOG" | sed 's/^/    /' >&2; die "postgres failed to start"; }
  fi
  wait_until postgres "$PG_LOG" "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"

  if [[ "$(pg_sql -d postgres -tAc "select 1 from pg_database where datname = '$PG_DB'")" != 1 ]]; then
    log "postgres: creating database $PG_DB"
    pg_sql -d postgres -c "create database $PG_DB owner $PG_USER"
  fi
  # A login per service; what each may touch is granted when its schema is migrated.
  local service
  for service in "${PG_SERVICES[@]}"; do
    pg_sql -d postgres -c "do \$\$ begin
      if not exists (select 1 from pg_roles where rolname = '${service}_service') then
        create role ${service}_service;
      end if;
    end \$\$;
    alter role ${service}_service login password '$(pg_service_password "$service")';"
  done
  log "postgres: ready on 127.0.0.1:$PG_PORT"
}

# ---------------------------------------------------------------------------
# Redis: config file in the state dir, daemonized by redis itself.
# ---------------------------------------------------------------------------
start_redis() {
  mkdir -p "$REDIS_DIR/data"
  cat >"$REDIS_CONF" <<EOF
# Written by infra/local/up.sh -- edits are overwritten.
bind 127.0.0.1
port $REDIS_PORT
protected-mode yes
daemonize yes
pidfile "$REDIS_PID"
logfile "$REDIS_LOG"
dir "$REDIS_DIR/data"
# BullMQ requires that Redis never evicts keys.
maxmemory-policy noeviction
appendonly yes
appendfsync everysec
save 3600 1 300 100 60 10000
EOF

  if pid_alive "$REDIS_PID" redis-server; then
    log "redis: already running"
  else
    require_free_port "$REDIS_PORT" redis
    log "redis: starting"
    redis-server "$REDIS_CONF" 3>&- || die "redis-server refused to start (see $REDIS_LOG)"
  fi
  wait_until redis "$REDIS_LOG" bash -c "[[ \"\$(redis-cli -h 127.0.0.1 -p $REDIS_PORT ping)\" == PONG ]]"
  log "redis: ready on 127.0.0.1:$REDIS_PORT"
}

# ---------------------------------------------------------------------------
# Kafka: jars from Maven Central via infra/local/kafka/pom.xml, KRaft combined mode.
# ---------------------------------------------------------------------------
install_kafka_jars() {
  local pom="$LOCAL_DIR/kafka/pom.xml" stamp
  # The stamp ties the jar dir to the pom's content, so editing the pom re-resolves.
  stamp="$(sha256sum "$pom" | cut -d' ' -f1)"
  if [[ -f "$KAFKA_LIBS/.complete" && "$(cat "$KAFKA_LIBS/.complete")" == "$stamp" ]]; then
    log "kafka: jars for $KAFKA_VERSION already present"
    return
  fi
  log "kafka: resolving kafka_2.13:$KAFKA_VERSION and its dependencies from Maven Central (first run takes a few minutes)"
  local tmp="$KAFKA_LIBS.tmp"
  rm -rf "$tmp"
  # Only runtime-scoped jars are copied. Maven's output goes to a log shown on failure.
  mkdir -p "$KAFKA_DIR"
  timeout 1200 mvn -B -f "$pom" -Dkafka.version="$KAFKA_VERSION" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" \
    >"$KAFKA_DIR/maven.log" 2>&1 ||
    { rm -rf "$tmp"; tail -n 40 "$KAFKA_DIR/maven.log" | sed 's/\x1b\[[0-9;]*m//g; s/^/    /' >&2; die "kafka: maven could not resolve the Kafka jars (full log: $KAFKA_DIR/maven.log)"; }
  echo "$stamp" >"$tmp/.complete"
  rm -rf "$KAFKA_LIBS"
  mv "$tmp" "$KAFKA_LIBS"
  log "kafka: $(find "$KAFKA_LIBS" -name '*.jar' | wc -l) jars in $KAFKA_LIBS"
}

write_kafka_config() {
  mkdir -p "$KAFKA_DATA"
  write_kafka_properties "$KAFKA_CONF" "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT" "$KAFKA_DATA"

  # Broker logs go to stdout, which up.sh redirects into kafka.log.
  cat >"$KAFKA_LOG4J" <<'EOF'
status = warn
appender.out.type = Console
appender.out.name = OUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.out.ref = OUT
logger.kafka.name = kafka
logger.kafka.level = INFO
logger.request.name = kafka.request.logger
logger.request.level = WARN
logger.statechange.name = state.change.logger
logger.statechange.level = WARN
logger.authorizer.name = kafka.authorizer.logger
logger.authorizer.level = WARN
EOF

  # Command-line tools: warnings only, on stderr, so their stdout stays parseable.
  cat >"$KAFKA_TOOLS_LOG4J" <<'EOF'
status = warn
appender.err.type = Console
appender.err.name = ERR
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.err.ref = ERR
EOF
}

format_kafka_storage() {
  if [[ -f "$KAFKA_DATA/meta.properties" ]]; then
    log "kafka: storage already formatted"
    return
  fi
  if [[ ! -s "$KAFKA_CLUSTER_ID_FILE" ]]; then
    kafka_tool kafka.tools.StorageTool random-uuid >"$KAFKA_CLUSTER_ID_FILE"
  fi
  log "kafka: formatting storage (cluster id $(cat "$KAFKA_CLUSTER_ID_FILE"))"
  kafka_tool kafka.tools.StorageTool format --ignore-formatted \
    -t "$(cat "$KAFKA_CLUSTER_ID_FILE")" -c "$KAFKA_CONF" >&2 ||
    die "kafka: storage format failed"
}

kafka_started() {
  grep -q 'Kafka Server started' "$KAFKA_LOG" 2>/dev/null && port_open "$KAFKA_PORT"
}

start_kafka() {
  install_kafka_jars
  write_kafka_config
  format_kafka_storage

  if pid_alive "$KAFKA_PID" kafka.Kafka; then
    log "kafka: already running (pid $(cat "$KAFKA_PID"))"
    wait_until kafka "$KAFKA_LOG" port_open "$KAFKA_PORT"
  else
    require_free_port "$KAFKA_PORT" kafka
    require_free_port "$KAFKA_CONTROLLER_PORT" "kafka controller"
    log "kafka: starting"
    [[ -f "$KAFKA_LOG" ]] && mv -f "$KAFKA_LOG" "$KAFKA_LOG.1"   # keep one previous log
    # setsid + nohup: the broker gets its own session, so it survives this script and
    # whatever shell or job runner started it. The inner bash writes its own pid and then
    # execs java, so the pid file holds the JVM's pid even if setsid had to fork.
    rm -f "$KAFKA_PID"
    (
      cd "$KAFKA_DIR"
      # shellcheck disable=SC2016  # $$ and $@ are meant for the inner bash
      exec setsid bash -c 'echo $$ >"$0"; exec "$@"' "$KAFKA_PID" \
        nohup java "${KAFKA_BROKER_JVM_OPTS[@]}" \
        -Dlog4j2.configurationFile="$KAFKA_LOG4J" -Dkafka.logs.dir="$KAFKA_DIR" \
        -cp "$(kafka_classpath)" kafka.Kafka "$KAFKA_CONF" \
        </dev/null >"$KAFKA_LOG" 2>&1 3>&-
    ) &
    for _ in $(seq 1 50); do [[ -s "$KAFKA_PID" ]] && break; sleep 0.2; done
    local deadline=$((SECONDS + START_TIMEOUT))
    until kafka_started; do
      if ! pid_alive "$KAFKA_PID" kafka.Kafka || ((SECONDS >= deadline)); then
        if pid_alive "$KAFKA_PID" kafka.Kafka; then
          log "kafka was not ready within ${START_TIMEOUT}s; last lines of $KAFKA_LOG:"
        else
          log "kafka exited during startup; last lines of $KAFKA_LOG:"
        fi
        tail -n 40 "$KAFKA_LOG" | sed 's/^/    /' >&2 || true
        # Do not leave a half-started broker behind for the next run to mistake as healthy.
        pid_alive "$KAFKA_PID" kafka.Kafka && kill -KILL "$(cat "$KAFKA_PID")" 2>/dev/null
        rm -f "$KAFKA_PID"
        die "kafka failed to start"
      fi
      sleep 1
    done
    # The log line means the broker is up; a real metadata request proves clients can use it.
    wait_until kafka "$KAFKA_LOG" kafka_tool org.apache.kafka.tools.TopicCommand \
      --bootstrap-server "127.0.0.1:$KAFKA_PORT" --list
  fi
  log "kafka: ready on 127.0.0.1:$KAFKA_PORT (controller 127.0.0.1:$KAFKA_CONTROLLER_PORT)"
}

# ---------------------------------------------------------------------------
# stripe-mock: Stripe's API mock (github.com/stripe/stripe-mock), built from the Go module
# proxy into a versioned bin dir, serving HTTP on loopback.
# ---------------------------------------------------------------------------
install_stripe_mock() {
  if [[ -x "$STRIPE_MOCK_BIN" ]]; then
    log "stripe-mock: $STRIPE_MOCK_VERSION already built"
    return
  fi
  local go tmp="$STRIPE_MOCK_DIR/build.tmp"
  go="$(find_go)" || die "stripe-mock: no Go toolchain found (install Debian's golang-go)"
  log "stripe-mock: building github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION with $("$go" env GOVERSION) (first run takes a minute)"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  # A GOPATH and build cache of its own, deleted after the build, so nothing lands outside the
  # state dir; -modcacherw lets rm delete the module cache without root.
  (
    cd "$tmp" &&
      GOPATH="$tmp/gopath" GOCACHE="$tmp/cache" GOBIN="$tmp/bin" GOFLAGS=-modcacherw GO111MODULE=on \
        timeout 900 "$go" install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
  ) >"$STRIPE_MOCK_DIR/build.log" 2>&1 ||
    { rm -rf "$tmp"; tail -n 40 "$STRIPE_MOCK_DIR/build.log" | sed 's/^/    /' >&2; die "stripe-mock: go install failed (full log: $STRIPE_MOCK_DIR/build.log)"; }
  mkdir -p "$(dirname "$STRIPE_MOCK_BIN")"
  mv "$tmp/bin/stripe-mock" "$STRIPE_MOCK_BIN"
  rm -rf "$tmp"
  log "stripe-mock: built $STRIPE_MOCK_BIN"
}

start_stripe_mock() {
  mkdir -p "$STRIPE_MOCK_DIR"
  install_stripe_mock

  if pid_alive "$STRIPE_MOCK_PID" stripe-mock; then
    log "stripe-mock: already running (pid $(cat "$STRIPE_MOCK_PID"))"
    wait_until stripe-mock "$STRIPE_MOCK_LOG" stripe_mock_ready
  else
    require_free_port "$STRIPE_MOCK_PORT" stripe-mock
    log "stripe-mock: starting"
    [[ -f "$STRIPE_MOCK_LOG" ]] && mv -f "$STRIPE_MOCK_LOG" "$STRIPE_MOCK_LOG.1"   # keep one previous log
    rm -f "$STRIPE_MOCK_PID" "$STRIPE_MOCK_HTTPS_SOCKET"
    # Started like Kafka (see there): own session, pid file written by the process itself.
    (
      cd "$STRIPE_MOCK_DIR"
      # shellcheck disable=SC2016  # $$ and $@ are meant for the inner bash
      exec setsid bash -c 'echo $$ >"$0"; exec "$@"' "$STRIPE_MOCK_PID" \
        nohup "$STRIPE_MOCK_BIN" -http-addr "127.0.0.1:$STRIPE_MOCK_PORT" \
        -https-unix "$STRIPE_MOCK_HTTPS_SOCKET" \
        </dev/null >"$STRIPE_MOCK_LOG" 2>&1 3>&-
    ) &
    for _ in $(seq 1 50); do [[ -s "$STRIPE_MOCK_PID" ]] && break; sleep 0.2; done
    local deadline=$((SECONDS + START_TIMEOUT))
    until stripe_mock_ready; do
      if ! pid_alive "$STRIPE_MOCK_PID" stripe-mock || ((SECONDS >= deadline)); then
        log "stripe-mock did not start; last lines of $STRIPE_MOCK_LOG:"
        tail -n 40 "$STRIPE_MOCK_LOG" | sed 's/^/    /' >&2 || true
        pid_alive "$STRIPE_MOCK_PID" stripe-mock && kill -KILL "$(cat "$STRIPE_MOCK_PID")" 2>/dev/null
        rm -f "$STRIPE_MOCK_PID"
        die "stripe-mock failed to start"
      fi
      sleep 0.5
    done
  fi
  log "stripe-mock: ready on http://127.0.0.1:$STRIPE_MOCK_PORT ($STRIPE_MOCK_VERSION)"
}

# ---------------------------------------------------------------------------
# S3Proxy: an S3-compatible server (github.com/gaul/s3proxy), jars from Maven Central via
# infra/local/s3proxy/pom.xml, objects as files under the state dir, SigV2/SigV4 auth with a
# fixed local key. The upload storage's infra test runs against it.
# ---------------------------------------------------------------------------
install_s3proxy_jars() {
  local pom="$LOCAL_DIR/s3proxy/pom.xml" stamp
  stamp="$(sha256sum "$pom" | cut -d' ' -f1)"
  if [[ -f "$S3PROXY_LIBS/.complete" && "$(cat "$S3PROXY_LIBS/.complete")" == "$stamp" ]]; then
    log "s3proxy: jars for $S3PROXY_VERSION already present"
    return
  fi
  log "s3proxy: resolving org.gaul:s3proxy:$S3PROXY_VERSION and its dependencies from Maven Central"
  local tmp="$S3PROXY_LIBS.tmp"
  rm -rf "$tmp"
  mkdir -p "$S3PROXY_DIR"
  timeout 900 mvn -B -f "$pom" -Ds3proxy.version="$S3PROXY_VERSION" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" \
    >"$S3PROXY_DIR/maven.log" 2>&1 ||
    { rm -rf "$tmp"; tail -n 40 "$S3PROXY_DIR/maven.log" | sed 's/\x1b\[[0-9;]*m//g; s/^/    /' >&2; die "s3proxy: maven could not resolve the S3Proxy jars (full log: $S3PROXY_DIR/maven.log)"; }
  echo "$stamp" >"$tmp/.complete"
  rm -rf "$S3PROXY_LIBS"
  mv "$tmp" "$S3PROXY_LIBS"
  log "s3proxy: $(find "$S3PROXY_LIBS" -name '*.jar' | wc -l) jars in $S3PROXY_LIBS"
}

write_s3proxy_config() {
  # The bucket is a folder of the filesystem provider: creating it here means it exists from
  # the start (the storage's ensureBucket() would create it too).
  mkdir -p "$S3PROXY_DATA/$S3_BUCKET"
  cat >"$S3PROXY_CONF" <<EOF
# Written by infra/local/up.sh -- edits are overwritten.
s3proxy.endpoint=http://127.0.0.1:$S3PROXY_PORT
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$S3_ACCESS_KEY_ID
s3proxy.credential=$S3_SECRET_ACCESS_KEY
# Browsers PUT to signed URLs from the web app's origin.
s3proxy.cors-allow-all=true
jclouds.provider=filesystem-nio2
jclouds.filesystem.basedir=$S3PROXY_DATA
EOF
  cat >"$S3PROXY_LOGBACK" <<'EOF'
<!-- Written by infra/local/up.sh: edits are overwritten. -->
<configuration>
  <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
    <encoder><pattern>[%d{ISO8601}] %level %msg \(%logger{0}\)%n</pattern></encoder>
  </appender>
  <root level="INFO"><appender-ref ref="OUT"/></root>
</configuration>
EOF
}

start_s3proxy() {
  install_s3proxy_jars
  write_s3proxy_config

  if pid_alive "$S3PROXY_PID" org.gaul.s3proxy.Main; then
    log "s3proxy: already running (pid $(cat "$S3PROXY_PID"))"
    wait_until s3proxy "$S3PROXY_LOG" s3proxy_ready
  else
    require_free_port "$S3PROXY_PORT" s3proxy
    log "s3proxy: starting"
    [[ -f "$S3PROXY_LOG" ]] && mv -f "$S3PROXY_LOG" "$S3PROXY_LOG.1"   # keep one previous log
    rm -f "$S3PROXY_PID"
    # Started like Kafka (see there): own session, pid file written by the process itself.
    (
      cd "$S3PROXY_DIR"
      # shellcheck disable=SC2016  # $$ and $@ are meant for the inner bash
      exec setsid bash -c 'echo $$ >"$0"; exec "$@"' "$S3PROXY_PID" \
        nohup java "${S3PROXY_JVM_OPTS[@]}" -Dlogback.configurationFile="$S3PROXY_LOGBACK" \
        -cp "$S3PROXY_LIBS/*" org.gaul.s3proxy.Main --properties "$S3PROXY_CONF" \
        </dev/null >"$S3PROXY_LOG" 2>&1 3>&-
    ) &
    for _ in $(seq 1 50); do [[ -s "$S3PROXY_PID" ]] && break; sleep 0.2; done
    local deadline=$((SECONDS + START_TIMEOUT))
    until s3proxy_ready; do
      # On a busy machine the pid file can come late: only a written one that is dead means dead.
      if { [[ -s "$S3PROXY_PID" ]] && ! pid_alive "$S3PROXY_PID" org.gaul.s3proxy.Main; } ||
        ((SECONDS >= deadline)); then
        log "s3proxy did not start; last lines of $S3PROXY_LOG:"
        tail -n 40 "$S3PROXY_LOG" | sed 's/^/    /' >&2 || true
        pid_alive "$S3PROXY_PID" org.gaul.s3proxy.Main && kill -KILL "$(cat "$S3PROXY_PID")" 2>/dev/null
        rm -f "$S3PROXY_PID"
        die "s3proxy failed to start"
      fi
      sleep 0.5
    done
  fi
  log "s3proxy: ready on http://127.0.0.1:$S3PROXY_PORT (S3Proxy $S3PROXY_VERSION, bucket $S3_BUCKET)"
}

# ---------------------------------------------------------------------------
ensure_packages
check_java
start_postgres
start_redis
start_kafka
start_stripe_mock
start_s3proxy
log "all engines up in $((SECONDS - STARTED_AT))s (state in $STATE_DIR)"

for line in "${ENV_LINES[@]}"; do
  if [[ $MODE == env ]]; then
    printf 'export %s\n' "$line" >&3
  else
    printf '%s\n' "$line" >&3
  fi
done
