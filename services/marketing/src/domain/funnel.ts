/**
 * The funnel's read model. Every consumed step is kept once in `funnel_facts` (by event id); what
 * one person adds to the daily roll-up is a pure function of that person's facts, recomputed
 * whenever one arrives, so events in any order, redelivered or replayed, give the same roll-up.
 * A person counts once per step, on the day they first reach it; events and money count every
 * time. Their attribution is their earliest lead's campaign and state; their offer, the first
 * offer a payment names.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { clinicTimeZone } from '@clinic/contracts';
import type { Database, Tx } from '@clinic/kit';
import { dailySteps, funnelFacts, personSteps, rollupKey } from '../db/schema';
import type { FunnelFact, LeadCampaign } from './funnel-steps';

type PersonStep = typeof personSteps.$inferInsert;
type Fact = typeof funnelFacts.$inferSelect;

const noCampaign: LeadCampaign = {
  source: '',
  medium: '',
  campaign: '',
  content: '',
  term: '',
  hasGclid: false,
  hasFbclid: false,
  landingPage: '',
  state: '',
};

const clinicDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: clinicTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The clinic's calendar day of an instant, "2026-11-27" (marketing's days are Pacific days). */
export function dayOf(at: Date): string {
  return clinicDay.format(at);
}

/** Keeps one fact and recomputes its person's share; a fact already kept changes nothing. */
export async function recordFunnelFact(tx: Tx, fact: FunnelFact): Promise<boolean> {
  const inserted = await tx
    .insert(funnelFacts)
    .values({
      eventId: fact.eventId,
      step: fact.step,
      personKey: fact.personKey,
      occurredAt: fact.occurredAt,
      amountCents: fact.amountCents ?? 0,
      paymentTerms: fact.paymentTerms ?? 0,
      reason: fact.reason ?? '',
      offer: fact.offer ?? '',
      campaign: fact.campaign ?? null,
    })
    .onConflictDoNothing()
    .returning({ eventId: funnelFacts.eventId });
  if (inserted.length === 0) return false;
  await refreshPerson(tx, fact.personKey);
  return true;
}

/** The roll-up rows one person's facts make. */
export function personShare(personKey: string, facts: readonly Fact[]): PersonStep[] {
  const campaign = facts.find((f) => f.campaign)?.campaign ?? noCampaign;
  const offer = facts.find((f) => f.offer !== '')?.offer ?? '';
  const reached = new Set<string>();
  const rows = new Map<string, PersonStep>();
  for (const fact of facts) {
    const first = !reached.has(fact.step);
    reached.add(fact.step);
    const row: PersonStep = {
      personKey,
      day: dayOf(fact.occurredAt),
      step: fact.step,
      source: campaign.source,
      medium: campaign.medium,
      campaign: campaign.campaign,
      offer,
      state: campaign.state,
      paymentTerms: fact.paymentTerms,
      reason: fact.reason,
      people: 0,
      events: 0,
      amountCents: 0,
    };
    const key = [row.day, row.step, row.paymentTerms, row.reason].join('|');
    const kept = rows.get(key) ?? row;
    kept.people += first ? 1 : 0;
    kept.events += 1;
    kept.amountCents += fact.amountCents;
    rows.set(key, kept);
  }
  return [...rows.values()];
}

/** Replaces a person's share of the roll-up with what their facts make now. */
export async function refreshPerson(tx: Tx, personKey: string): Promise<void> {
  // One person's facts may arrive on several topics at once: their recomputations take turns.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marketing:' || ${personKey}))`);
  const facts = await tx
    .select()
    .from(funnelFacts)
    .where(eq(funnelFacts.personKey, personKey))
    .orderBy(asc(funnelFacts.occurredAt), asc(funnelFacts.eventId));
  const before = await tx.select().from(personSteps).where(eq(personSteps.personKey, personKey));
  const after = personShare(personKey, facts);
  for (const row of before) await addToRollup(tx, row, -1);
  for (const row of after) await addToRollup(tx, row, 1);
  await tx.delete(personSteps).where(eq(personSteps.personKey, personKey));
  if (after.length > 0) await tx.insert(personSteps).values(after);
}

async function addToRollup(tx: Tx, row: PersonStep, sign: 1 | -1): Promise<void> {
  const { personKey: _person, ...key } = row;
  const delta = {
    ...key,
    people: sign * row.people,
    events: sign * row.events,
    amountCents: sign * row.amountCents,
  };
  await tx
    .insert(dailySteps)
    .values(delta)
    .onConflictDoUpdate({
      target: rollupKey.map((k) => dailySteps[k]),
      set: {
        people: sql`${dailySteps.people} + ${delta.people}`,
        events: sql`${dailySteps.events} + ${delta.events}`,
        amountCents: sql`${dailySteps.amountCents} + ${delta.amountCents}`,
      },
    });
  if (sign === -1)
    await tx
      .delete(dailySteps)
      .where(and(...rollupKey.map((k) => eq(dailySteps[k], row[k])), eq(dailySteps.events, 0)));
}

/**
 * Empties the roll-up and makes it again from the kept facts, one person at a time (the command
 * `npm run rebuild:funnel -w @clinic/marketing`). Returns how many facts and people it replayed.
 */
export async function rebuildFunnel(
  database: Database,
): Promise<{ facts: number; people: number }> {
  return database.transaction(async (tx) => {
    await tx.delete(dailySteps);
    await tx.delete(personSteps);
    const people = await tx
      .selectDistinct({ personKey: funnelFacts.personKey })
      .from(funnelFacts)
      .orderBy(funnelFacts.personKey);
    for (const { personKey } of people) await refreshPerson(tx, personKey);
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(funnelFacts);
    return { facts: counted?.n ?? 0, people: people.length };
  });
}
