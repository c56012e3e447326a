#!/usr/bin/env bash
# Runs one of Kafka's command-line tools from the jars installed by up.sh
# (there is no Kafka distribution with bin/*.sh on this machine).
#
#   infra/local/kafka-tool.sh topics --bootstrap-server 127.0.0.1:9092 --list
#   infra/local/kafka-tool.sh topics --bootstrap-server 127.0.0.1:9092 --describe --topic payment-succeeded
#   infra/local/kafka-tool.sh consumer-groups --bootstrap-server 127.0.0.1:9092 --describe --all-groups
#   infra/local/kafka-tool.sh console-consumer --bootstrap-server 127.0.0.1:9092 --topic form-submitted --from-beginning
#   infra/local/kafka-tool.sh metadata-quorum --bootstrap-server 127.0.0.1:9092 describe --status
#   infra/local/kafka-tool.sh org.apache.kafka.tools.SomeOtherCommand ...   # any main class
set -euo pipefail

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ $# -ge 1 && "$1" != -h && "$1" != --help ]] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0; }

tool="$1"; shift
case "$tool" in
  topics)           class=org.apache.kafka.tools.TopicCommand ;;
  consumer-groups)  class=org.apache.kafka.tools.consumer.group.ConsumerGroupCommand ;;
  console-consumer) class=org.apache.kafka.tools.consumer.ConsoleConsumer ;;
  console-producer) class=org.apache.kafka.tools.ConsoleProducer ;;
  metadata-quorum)  class=org.apache.kafka.tools.MetadataQuorumCommand ;;
  storage)          class=kafka.tools.StorageTool ;;
  *.*)              class="$tool" ;;
  *) die "unknown tool '$tool' (topics, consumer-groups, console-consumer, console-producer, metadata-quorum, storage, or a class name)" ;;
esac
kafka_tool "$class" "$@"
