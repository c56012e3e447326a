#!/usr/bin/env bash
# Runs a throwaway single-node KRaft broker of the Kafka that up.sh installed, in the foreground,
# on ports of its own with its data in <dir>: for tests of what clients do while a broker boots,
# restarts or is gone. The first run formats <dir> (an empty broker: no topics, no consumer
# groups); running it again on the same <dir> starts the same broker with its data.
#
#   infra/local/kafka-scratch.sh <dir> <port> <controller-port>
#
# The script execs the JVM, so its pid is the broker's: stop it with SIGTERM (clean) or SIGKILL.
# Broker logs go to stdout. Nothing outside <dir> is written; the engines of up.sh are untouched.
set -euo pipefail

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ $# -eq 3 ]] || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
dir="$(realpath -m "$1")" port="$2" controller_port="$3"
[[ -f "$KAFKA_LIBS/.complete" && -f "$KAFKA_LOG4J" ]] ||
  die "Kafka is not installed yet; run infra/local/up.sh first"
for p in "$port" "$controller_port"; do
  ! port_open "$p" || die "port 127.0.0.1:$p is taken"
done

mkdir -p "$dir/data"
write_kafka_properties "$dir/server.properties" "$port" "$controller_port" "$dir/data"
if [[ ! -f "$dir/data/meta.properties" ]]; then
  # A cluster id is 16 random bytes in unpadded base64url (what StorageTool random-uuid prints,
  # without starting a JVM for it). Like Kafka's own Uuid.randomUuid, never one starting with "-":
  # the format tool would read it as an option (1 run in 64 failed "expected one argument").
  cluster_id=-
  while [[ "$cluster_id" == -* ]]; do
    cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
  done
  kafka_tool kafka.tools.StorageTool format -t "$cluster_id" -c "$dir/server.properties" >&2 ||
    die "kafka: storage format failed"
fi

exec java "${KAFKA_BROKER_JVM_OPTS[@]}" \
  -Dlog4j2.configurationFile="$KAFKA_LOG4J" -Dkafka.logs.dir="$dir" \
  -cp "$(kafka_classpath)" kafka.Kafka "$dir/server.properties"
