# shellcheck shell=bash disable=SC2034  # the variables are used by the scripts that source this
# Shared settings and helpers for infra/local/{up,down,kafka-tool}.sh. Sourced, not executed.

LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$LOCAL_DIR/../.." && pwd)"
# Absolute, because postgres tools run from / (see as_pg).
STATE_DIR="$(realpath -m "${INFRA_STATE_DIR:-$REPO_ROOT/.infra}")"

# How long to wait for each engine to accept connections (seconds).
START_TIMEOUT="${INFRA_START_TIMEOUT:-120}"

# --- PostgreSQL (Debian's postgresql-15 binaries, our own data dir) ---
PG_MAJOR=15
PG_BIN="/usr/lib/postgresql/$PG_MAJOR/bin"
PG_PORT=5432
PG_USER=clinic
PG_PASSWORD=clinic
PG_DB=clinic
PG_DIR="$STATE_DIR/postgres"
PG_DATA="$PG_DIR/data"
PG_LOG="$PG_DIR/postgres.log"
# Each service logs in as its own role, `<service>_service` (services/kit/src/db/roles.ts), which
# may use only its own schema; `clinic` is the owner migrations run as. The services are the
# folders with a process of their own (src/main.ts); the passwords are fixed: loopback only.
PG_SERVICES=()
for main in "$REPO_ROOT"/services/*/src/main.ts; do
  PG_SERVICES+=("$(basename "$(dirname "$(dirname "$main")")")")
done
pg_service_password() { printf '%s-local' "$1"; }

# --- Redis ---
REDIS_PORT=6379
REDIS_DIR="$STATE_DIR/redis"
REDIS_CONF="$REDIS_DIR/redis.conf"
REDIS_PID="$REDIS_DIR/redis.pid"
REDIS_LOG="$REDIS_DIR/redis.log"

# --- Kafka (jars from Maven Central, KRaft combined broker+controller) ---
KAFKA_VERSION="${KAFKA_VERSION:-4.3.1}"
KAFKA_PORT=9092
KAFKA_CONTROLLER_PORT=9093
KAFKA_DIR="$STATE_DIR/kafka"
KAFKA_LIBS="$KAFKA_DIR/libs-$KAFKA_VERSION"
KAFKA_DATA="$KAFKA_DIR/data"
KAFKA_CONF="$KAFKA_DIR/server.properties"
KAFKA_LOG4J="$KAFKA_DIR/log4j2.properties"
KAFKA_TOOLS_LOG4J="$KAFKA_DIR/tools-log4j2.properties"
KAFKA_PID="$KAFKA_DIR/kafka.pid"
KAFKA_LOG="$KAFKA_DIR/kafka.log"
KAFKA_CLUSTER_ID_FILE="$KAFKA_DIR/cluster.id"
# JVM flags for short-lived tool runs: start fast, stay small.
KAFKA_TOOL_JVM_OPTS=(-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true)
# JVM flags of the broker (after Kafka's kafka-run-class.sh).
KAFKA_BROKER_JVM_OPTS=(-Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20
  -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true)

# --- stripe-mock (Stripe's official API mock, built with Go from the Go module proxy) ---
# v0.148.0 builds with Debian 12's Go (1.19); the latest, v0.203.0, declares `go 1.22.1` and
# does not. Set STRIPE_MOCK_VERSION to build another one (it gets its own bin dir).
STRIPE_MOCK_VERSION="${STRIPE_MOCK_VERSION:-v0.148.0}"
STRIPE_MOCK_PORT=12111
STRIPE_MOCK_DIR="$STATE_DIR/stripe-mock"
STRIPE_MOCK_BIN="$STRIPE_MOCK_DIR/bin-$STRIPE_MOCK_VERSION/stripe-mock"
STRIPE_MOCK_PID="$STRIPE_MOCK_DIR/stripe-mock.pid"
STRIPE_MOCK_LOG="$STRIPE_MOCK_DIR/stripe-mock.log"
# stripe-mock also serves HTTPS, on 0.0.0.0:12112 unless told where: a socket in the state dir
# keeps it off the network (nothing here uses it).
STRIPE_MOCK_HTTPS_SOCKET="$STRIPE_MOCK_DIR/https.sock"

# --- S3Proxy (an S3-compatible server, org.gaul:s3proxy jars from Maven Central) ---
# 3.1.0 is built for Java 17 (like Kafka) and signs/verifies SigV2 and SigV4, presigned URLs
# included. Objects are plain files under data/<bucket>/ (jclouds' filesystem-nio2 provider).
S3PROXY_VERSION="${S3PROXY_VERSION:-3.1.0}"
S3PROXY_PORT=9300
S3PROXY_DIR="$STATE_DIR/s3proxy"
S3PROXY_LIBS="$S3PROXY_DIR/libs-$S3PROXY_VERSION"
S3PROXY_DATA="$S3PROXY_DIR/data"
S3PROXY_CONF="$S3PROXY_DIR/s3proxy.properties"
S3PROXY_LOGBACK="$S3PROXY_DIR/logback.xml"
S3PROXY_PID="$S3PROXY_DIR/s3proxy.pid"
S3PROXY_LOG="$S3PROXY_DIR/s3proxy.log"
# A fixed local key pair: the server only listens on loopback.
S3_BUCKET=clinic-uploads
S3_ACCESS_KEY_ID=clinic-local
S3_SECRET_ACCESS_KEY=clinic-local-secret
S3_REGION=us-east-1
S3PROXY_JVM_OPTS=(-Xms64m -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true)

ENV_LINES=(
  "DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/$PG_DB"
  "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
  "KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT"
  "STRIPE_MOCK_URL=http://127.0.0.1:$STRIPE_MOCK_PORT"
  "S3_ENDPOINT=http://127.0.0.1:$S3PROXY_PORT"
  "S3_REGION=$S3_REGION"
  "S3_BUCKET=$S3_BUCKET"
  "S3_ACCESS_KEY_ID=$S3_ACCESS_KEY_ID"
  "S3_SECRET_ACCESS_KEY=$S3_SECRET_ACCESS_KEY"
)
# <SERVICE>_DATABASE_URL: the service's own user (start-cluster gives it to that process).
for service in "${PG_SERVICES[@]}"; do
  ENV_LINES+=("${service^^}_DATABASE_URL=postgres://${service}_service:$(pg_service_password "$service")@127.0.0.1:$PG_PORT/$PG_DB")
done

log() { printf '[infra] %s\n' "$*" >&2; }
die() { printf '[infra] ERROR: %s\n' "$*" >&2; exit 1; }

# True when something accepts TCP connections on 127.0.0.1:$1.
port_open() {
  timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

# Best-effort description of who listens on a port (for error messages).
port_owner() {
  if command -v ss >/dev/null 2>&1; then
    ss -ltnpH "sport = :$1" 2>/dev/null | sed 's/^/    /' >&2 || true
  fi
}

# True while process $1 exists and is not a zombie. (On machines whose init does not
# reap orphans, a stopped daemon can linger as a zombie; kill -0 alone would say "alive".)
proc_running() {
  local state
  state="$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" || return 1
  [[ -n "$state" && "$state" != Z ]]
}

# Reads a pid file and succeeds when that process is alive and its command line
# contains $2 (guards against a stale pid file whose pid was reused).
pid_alive() {
  local file="$1" pattern="$2" pid
  [[ -s "$file" ]] || return 1
  pid="$(tr -dc '0-9' <"$file")"
  [[ -n "$pid" ]] && proc_running "$pid" || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$pattern"
}

# PostgreSQL refuses to run as root, so when we are root its tools run as the
# `postgres` system user created by the Debian package. `cd /` avoids "could not
# change directory" warnings when the caller's cwd is not readable by that user.
as_pg() {
  if [[ $EUID -eq 0 ]]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

pg_running() {
  [[ -f "$PG_DATA/PG_VERSION" ]] && as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1
}

kafka_classpath() { printf '%s/*' "$KAFKA_LIBS"; }

# The Go toolchain to build stripe-mock with: `go` on PATH, else the usual install places
# (golang.org's tarball in /usr/local/go, Debian's golang-go in /usr/lib/go).
find_go() {
  local go
  for go in "$(command -v go 2>/dev/null)" /usr/local/go/bin/go /usr/lib/go/bin/go; do
    [[ -n "$go" && -x "$go" ]] && { printf '%s\n' "$go"; return 0; }
  done
  return 1
}

# True when stripe-mock answers an API request (it loads its OpenAPI spec before listening,
# but an answer is the proof). Plain bash: no curl needed.
stripe_mock_ready() {
  local status
  # shellcheck disable=SC2016  # $1 is meant for the inner bash
  status="$(timeout 2 bash -c 'exec 5<>"/dev/tcp/127.0.0.1/$1" &&
    printf "GET /v1/balance HTTP/1.0\r\nAuthorization: Bearer sk_test_123\r\n\r\n" >&5 &&
    head -n1 <&5' _ "$STRIPE_MOCK_PORT" 2>/dev/null)" || return 1
  [[ "$status" == *" 200 "* ]]
}

# True when S3Proxy answers HTTP (an anonymous request gets 403 AccessDenied: that is an answer).
s3proxy_ready() {
  local status
  # shellcheck disable=SC2016  # $1 is meant for the inner bash
  status="$(timeout 2 bash -c 'exec 5<>"/dev/tcp/127.0.0.1/$1" &&
    printf "GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n" >&5 &&
    head -n1 <&5' _ "$S3PROXY_PORT" 2>/dev/null)" || return 1
  [[ "$status" == HTTP/1.[01]\ [2-4][0-9][0-9]* ]]
}

# Writes the server.properties of a single-node KRaft broker: write_kafka_properties <file>
# <port> <controller-port> <data-dir>. up.sh's broker and kafka-scratch.sh's share it.
write_kafka_properties() {
  local file="$1" port="$2" controller_port="$3" data_dir="$4"
  cat >"$file" <<EOF
# Written by infra/local -- edits are overwritten.
# Single node, KRaft mode: this process is both the broker and the (only) controller.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$data_dir

# Topics are created explicitly by the services (topic name = event name).
auto.create.topics.enable=false
delete.topic.enable=true
num.partitions=3
default.replication.factor=1
min.insync.replicas=1

# One broker: every internal topic has a single replica.
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1

# Tests start consumer groups constantly; do not wait 3s before the first rebalance.
group.initial.rebalance.delay.ms=0

# 2-core machines: fewer threads than the defaults.
num.network.threads=2
num.io.threads=4
log.retention.hours=168
EOF
}

# Runs a Kafka command-line class (e.g. org.apache.kafka.tools.TopicCommand) from the same jars.
kafka_tool() {
  local class="$1"; shift
  [[ -f "$KAFKA_LIBS/.complete" ]] || die "Kafka jars are not installed yet; run infra/local/up.sh first"
  java "${KAFKA_TOOL_JVM_OPTS[@]}" -Dlog4j2.configurationFile="$KAFKA_TOOLS_LOG4J" \
    -cp "$(kafka_classpath)" "$class" "$@"
}
