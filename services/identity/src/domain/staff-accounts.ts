/**
 * The admins' work on staff accounts (issue 30): the list, invitations, roles, disabling and
 * enabling. Guarantees:
 * - each change is one transaction with its audit line (`staff.invite`, `staff.role`,
 *   `staff.disable`, `staff.enable`), so none happens unrecorded;
 * - the clinic keeps one enabled admin: every change locks the enabled admins' rows (in id
 *   order) before its own, so two admins removing each other at once are taken in turn and the
 *   second is refused;
 * - disabling ends every session of the person in that transaction and announces them
 *   (`sessions-revoked`, reason `account-disabled`), so the chat and the live conversions close
 *   the person's sockets on every process at once;
 * - an invitation makes the account without a password; the set-password link is issued and
 *   emailed by a job stored with the account (it runs once the account is committed, and is
 *   never lost after).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { staffAccountMessages, type StaffAccount, type StaffRole } from '@clinic/contracts';
import {
  ConflictError,
  NotFoundError,
  type AuditStaff,
  type AuditTrail,
  type EventWriter,
  type ServiceRuntime,
  type Tx,
} from '@clinic/kit';
import { staffFactors, users, type UserRow } from '../db/schema';
import { sendStaffInvite } from '../jobs/definitions/send-staff-invite';
import { revokeUserSessions } from './sessions';

export type StaffAuditAction = 'staff.invite' | 'staff.role' | 'staff.disable' | 'staff.enable';

const staffRoles: StaffRole[] = ['clinician', 'support', 'pharmacy', 'marketing', 'admin'];

function toAccount(user: UserRow, twoFactor: boolean): StaffAccount {
  return {
    id: user.id,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    email: user.email,
    role: user.role as StaffRole,
    enabled: user.disabledAt === null,
    two_factor: twoFactor,
    password_set: user.passwordHash !== null,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

async function accountsWhere(db: ServiceRuntime['db'] | Tx, userId?: number) {
  const found = await db
    .select({ user: users, confirmedAt: staffFactors.confirmedAt })
    .from(users)
    .leftJoin(staffFactors, eq(staffFactors.userId, users.id))
    .where(
      and(inArray(users.role, staffRoles), userId === undefined ? undefined : eq(users.id, userId)),
    )
    .orderBy(
      sql`${users.role} <> 'admin'`,
      asc(users.firstName),
      asc(users.lastName),
      asc(users.id),
    );
  return found.map(({ user, confirmedAt }) => toAccount(user, confirmedAt !== null));
}

export class StaffAccountDesk {
  private readonly audit: AuditTrail<StaffAuditAction>;

  constructor(private readonly runtime: ServiceRuntime) {
    this.audit = runtime.audit.of<StaffAuditAction>();
  }

  list(): Promise<StaffAccount[]> {
    return accountsWhere(this.runtime.db);
  }

  async invite(
    who: AuditStaff,
    invitee: { email: string; first_name: string; last_name: string; role: StaffRole },
  ): Promise<StaffAccount> {
    const now = this.runtime.clock.now();
    const account = await this.runtime.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: invitee.email,
          passwordHash: null,
          role: invitee.role,
          firstName: invitee.first_name,
          lastName: invitee.last_name,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!created) throw new ConflictError(staffAccountMessages.emailTaken);
      await this.audit.record(tx, who, {
        action: 'staff.invite',
        subject: `staff ${created.id} as ${invitee.role}`,
        refs: { staff: created.id },
        at: now,
      });
      await this.runtime.queue.job(sendStaffInvite).enqueueAfterCommit(tx, { userId: created.id });
      return toAccount(created, false);
    });
    return account;
  }

  changeRole(who: AuditStaff, id: number, role: StaffRole): Promise<StaffAccount> {
    return this.change(id, async (tx, user, now, _events, admins) => {
      if (role !== 'admin') this.keepAnAdmin(user, admins);
      await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
      await this.audit.record(tx, who, {
        action: 'staff.role',
        subject: `staff ${id}: ${user.role} to ${role}`,
        refs: { staff: id },
        at: now,
      });
    });
  }

  disable(who: AuditStaff, id: number): Promise<StaffAccount> {
    return this.change(id, async (tx, user, now, events, admins) => {
      if (user.disabledAt !== null) return;
      this.keepAnAdmin(user, admins);
      await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, id));
      await revokeUserSessions(tx, events, id, now, 'account-disabled');
      await this.audit.record(tx, who, {
        action: 'staff.disable',
        subject: `staff ${id}`,
        refs: { staff: id },
        at: now,
      });
    });
  }

  enable(who: AuditStaff, id: number): Promise<StaffAccount> {
    return this.change(id, async (tx, user, now) => {
      if (user.disabledAt === null) return;
      await tx.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, id));
      await this.audit.record(tx, who, {
        action: 'staff.enable',
        subject: `staff ${id}`,
        refs: { staff: id },
        at: now,
      });
    });
  }

  /** Runs `step` on the locked staff account and answers it as it is after. */
  private async change(
    id: number,
    step: (
      tx: Tx,
      user: UserRow,
      now: Date,
      events: EventWriter,
      enabledAdmins: number[],
    ) => Promise<void>,
  ): Promise<StaffAccount> {
    const now = this.runtime.clock.now();
    return this.runtime.transaction(async (tx, events) => {
      // The enabled admins' rows first, always in this order: see keepAnAdmin.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
        .orderBy(asc(users.id))
        .for('update');
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), inArray(users.role, staffRoles)))
        .for('update');
      if (!user) throw new NotFoundError(staffAccountMessages.notFound);
      await step(
        tx,
        user,
        now,
        events,
        admins.map((a) => a.id),
      );
      const [after] = await accountsWhere(tx, id);
      if (!after) throw new Error('A staff account vanished inside its own transaction');
      return after;
    });
  }

  /**
   * Refuses to take an enabled admin out of the enabled admins when no other is left. Every
   * change locks the enabled admins' rows (in id order) before its account's, so two admins
   * removing each other at once are taken in turn, without a deadlock, and the second is refused.
   */
  private keepAnAdmin(user: UserRow, enabledAdmins: number[]): void {
    if (user.role !== 'admin' || user.disabledAt !== null) return;
    if (!enabledAdmins.some((id) => id !== user.id)) {
      throw new ConflictError(staffAccountMessages.lastAdmin);
    }
  }
}
