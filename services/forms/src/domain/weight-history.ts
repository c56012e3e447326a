/**
 * The weights a patient reported, for the portal's progress chart (issue 17, part 5).
 * Guarantees:
 * - only the patient's own: the intake quiz's weight (identity's record of the account, dated by
 *   the patient's first paid order, the earliest moment forms knows of them; left out while
 *   there is none) and the current weight of each assessment they submitted (a refill form's as
 *   'refill', a first assessment's as 'assessment') and each weight logged with a dose;
 * - oldest first; an answer that is not a positive number is left out;
 * - a weight is health information: nothing here logs it or puts it in an error.
 */
import { and, asc, eq, isNotNull, min } from 'drizzle-orm';
import { questionKeys, type WeightEntry } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import type { ServiceRuntime } from '@clinic/kit';
import { assessments, doseLogs, orders, type StoredAnswer } from '../db/schema';

/** The positive number of pounds a current-weight answer gives, or null. */
export function poundsOf(answers: readonly StoredAnswer[]): number | null {
  const weight = answers.find((a) => a.question === questionKeys.currentWeight);
  if (typeof weight?.answer !== 'string') return null;
  const pounds = Number(weight.answer.trim());
  return weight.answer.trim() !== '' && Number.isFinite(pounds) && pounds > 0 ? pounds : null;
}

const sourceRank: Record<WeightEntry['source'], number> = {
  intake: 0,
  assessment: 1,
  refill: 2,
  'dose-log': 3,
};

export async function weightHistoryOf(
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  userId: number,
): Promise<WeightEntry[]> {
  const weights: WeightEntry[] = [];

  const [first] = await runtime.db
    .select({ paidAt: min(orders.paidAt) })
    .from(orders)
    .where(eq(orders.userId, userId));
  if (first?.paidAt) {
    const contact = await identity.patientContact(userId);
    if (contact && contact.weight !== null && contact.weight > 0)
      weights.push({
        at: new Date(first.paidAt).toISOString(),
        pounds: contact.weight,
        source: 'intake',
      });
  }

  const submitted = await runtime.db
    .select({
      form: assessments.form,
      answers: assessments.answers,
      submittedAt: assessments.submittedAt,
    })
    .from(assessments)
    .where(eq(assessments.userId, userId))
    .orderBy(asc(assessments.submittedAt), asc(assessments.id));
  for (const row of submitted) {
    const pounds = poundsOf(row.answers);
    if (pounds !== null)
      weights.push({
        at: row.submittedAt.toISOString(),
        pounds,
        source: row.form === 'refill' ? 'refill' : 'assessment',
      });
  }

  const logged = await runtime.db
    .select({ pounds: doseLogs.weightLbs, loggedAt: doseLogs.loggedAt })
    .from(doseLogs)
    .where(and(eq(doseLogs.userId, userId), isNotNull(doseLogs.weightLbs)));
  for (const row of logged)
    if (row.pounds !== null && row.pounds > 0)
      weights.push({ at: row.loggedAt.toISOString(), pounds: row.pounds, source: 'dose-log' });

  return weights.sort(
    (a, b) => a.at.localeCompare(b.at) || sourceRank[a.source] - sourceRank[b.source],
  );
}
