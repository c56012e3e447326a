/**
 * What other packages' tests may read of marketing (`@clinic/marketing/testing`): people per
 * funnel step of one state, from the roll-up, for a journey test to see its patient counted.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@clinic/kit';
import { funnelDays } from '../db/schema';

export async function funnelPeopleOfState(
  executor: Executor,
  state: string,
): Promise<Record<string, number>> {
  const steps = await executor
    .select({ step: funnelDays.step, people: sql<number>`sum(${funnelDays.people})::int` })
    .from(funnelDays)
    .where(and(eq(funnelDays.dimension, 'state'), eq(funnelDays.value, state)))
    .groupBy(funnelDays.step);
  return Object.fromEntries(steps.map((r) => [r.step, r.people]));
}
