import type { Admin } from 'kafkajs';
import type { ConsumerLag } from './bus';

/**
 * Each group's lag on each of its topics: the partitions' log end minus the group's committed
 * offset (from the log start where the group has committed nothing yet: it reads from the
 * beginning). One offsets request per topic and one per group, whatever the traffic.
 */
export async function kafkaConsumerLag(
  admin: Admin,
  groups: ReadonlyMap<string, readonly string[]>,
): Promise<ConsumerLag[]> {
  const topics = [...new Set([...groups.values()].flat())];
  const ends = new Map(
    await Promise.all(
      topics.map(async (topic) => [topic, await admin.fetchTopicOffsets(topic)] as const),
    ),
  );
  const lags = await Promise.all(
    [...groups].map(async ([group, groupTopics]) => {
      const committed = await admin.fetchOffsets({ groupId: group, topics: [...groupTopics] });
      return committed.map(({ topic, partitions }) => {
        let lag = 0;
        for (const end of ends.get(topic) ?? []) {
          const offset = Number(partitions.find((p) => p.partition === end.partition)?.offset);
          const from = Number.isFinite(offset) && offset >= 0 ? offset : Number(end.low);
          lag += Math.max(0, Number(end.high) - from);
        }
        return { group, topic, lag };
      });
    }),
  );
  return lags.flat();
}
