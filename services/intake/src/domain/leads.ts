/**
 * Storing leads and tagging them. Every change of a lead and its event are written in one
 * transaction (the outbox), so marketing never sees a lead the database does not have, or the
 * other way round.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  leadDisqualified,
  leadQualified,
  type DisqualificationReason,
  type IntakePerson,
} from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { leads, type LeadRow } from '../db/schema';
import type { AssessedLead } from './intake-person';

export interface LeadOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

/** Stores a submission as received, before anything else happens to it. */
export async function storeLead(
  runtime: ServiceRuntime,
  person: IntakePerson,
  assessed: AssessedLead,
  origin: LeadOrigin,
): Promise<LeadRow> {
  const now = runtime.clock.now();
  const [row] = await runtime.db
    .insert(leads)
    .values({
      status: 'received',
      email: assessed.email,
      firstName: assessed.firstName,
      lastName: assessed.lastName,
      phone: assessed.phone,
      state: person.state,
      gender: person.gender,
      dob: assessed.dob,
      age: assessed.age,
      heightInches: assessed.heightInches,
      weight: person.weight,
      desiredWeight: person.desired_weight,
      bmi: assessed.bmi,
      agreedToText: person.agreed_to_text === 'Yes',
      agreedToEmail: person.agreed_to_email,
      agreedToTerms: person.agreed_to_terms,
      formStep2Agree: person.form_step2_agree,
      sourceWeb: person.source_web,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent ?? person.user_agent ?? null,
      trackingSessionId: person.tracking_session_id ?? null,
      tracking: person.tracking ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('The lead was not stored');
  return row;
}

/** Tags a lead disqualified and announces it; a lead already disqualified is left as it is. */
export async function disqualifyLead(
  runtime: ServiceRuntime,
  lead: LeadRow,
  reason: DisqualificationReason,
): Promise<void> {
  await runtime.transaction(async (tx, events) => {
    const now = runtime.clock.now();
    const changed = await tx
      .update(leads)
      .set({
        status: 'disqualified',
        disqualifiedReason: reason,
        disqualifiedAt: now,
        updatedAt: now,
      })
      .where(and(eq(leads.id, lead.id), ne(leads.status, 'disqualified')))
      .returning({ id: leads.id });
    if (changed.length === 0) return;
    await events.publish(leadDisqualified, {
      leadId: lead.id,
      userId: lead.userId,
      state: lead.state,
      tracking: lead.tracking ?? null,
      reason,
    });
  });
}

/** Links a qualified lead to its account and announces it. */
export async function qualifyLead(
  runtime: ServiceRuntime,
  lead: LeadRow,
  account: { userId: number; newAccount: boolean },
): Promise<void> {
  await runtime.transaction(async (tx, events) => {
    await tx
      .update(leads)
      .set({
        status: account.newAccount ? 'qualified' : 'existing_account',
        userId: account.userId,
        updatedAt: runtime.clock.now(),
      })
      .where(eq(leads.id, lead.id));
    await events.publish(leadQualified, {
      leadId: lead.id,
      userId: account.userId,
      newAccount: account.newAccount,
      state: lead.state,
      bmi: lead.bmi,
      tracking: lead.tracking ?? null,
    });
  });
}

/** The caller's most recent lead. */
export async function latestLeadOf(
  runtime: ServiceRuntime,
  userId: number,
): Promise<LeadRow | undefined> {
  const [row] = await runtime.db
    .select()
    .from(leads)
    .where(eq(leads.userId, userId))
    .orderBy(desc(leads.id))
    .limit(1);
  return row;
}
