/**
 * What other packages' tests may read of marketing (`@clinic/marketing/testing`): people per
 * funnel step of one state, from the roll-up, for a journey test to see its patient counted.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@clinic/kit';
import { dailySteps } from '../db/schema';

export async function funnelPeopleOfState(
  executor: Executor,
  state: string,
): Promise<Record<string, number>> {
  const steps = await executor
    .select({ step: dailySteps.step, people: sql<number>`sum(${dailySteps.people})::int` })
    .from(dailySteps)
    .where(eq(dailySteps.state, state))
    .groupBy(dailySteps.step);
  return Object.fromEntries(steps.map((r) => [r.step, r.people]));
}
