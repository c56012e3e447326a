/**
 * The admins' coupons: the list, creating one and changing one. Each change is validated by the
 * contract's schema (as the route did) and by the rules that need the data: no duplicate code, no
 * discount above the lowest price the coupon applies to. A change is made from the version the
 * admin saw (a conflict otherwise), and its history row (who, when, before, after) and its line
 * on checkout's audit trail (`coupon.create`, `coupon.change`) are written in its transaction, so
 * a refused change leaves nothing behind.
 *
 * Why rows and not a kit setting: coupons are many, each used by payments under a row lock
 * (caps), and changed one at a time; a setting is one value that every change replaces whole.
 * No other service keeps a copy of coupons, so no event is published for them.
 */
import { desc, eq, sql } from 'drizzle-orm';
import {
  catalogAdminMessages as m,
  couponInputSchema,
  lowestBaseCents,
  type CatalogAuditAction,
  type CouponChange,
  type CouponInput,
  type CouponView,
  type PaymentTerm,
  type PriceTable,
} from '@clinic/contracts';
import {
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  isUniqueViolation,
  type AuditStaff,
  type Executor,
  type ServiceRuntime,
  type Tx,
} from '@clinic/kit';
import { couponChanges, couponRedemptions, coupons } from '../db/schema';

type CouponRow = typeof coupons.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function inputOf(row: CouponRow): CouponInput {
  return {
    code: row.code,
    amountCents: row.amountCents,
    paymentTerms: row.paymentTerms ? [...row.paymentTerms] : null,
    startsAt: iso(row.startsAt),
    expiresAt: iso(row.expiresAt),
    maxUses: row.maxUses,
    maxUsesPerPatient: row.maxUsesPerPatient,
    active: row.active,
  };
}

function viewOf(row: CouponRow, uses: number): CouponView {
  return {
    id: row.id,
    ...inputOf(row),
    uses,
    version: row.version,
    updatedAt: iso(row.updatedAt)!,
  };
}

function columnsOf(input: CouponInput) {
  return {
    code: input.code,
    amountCents: input.amountCents,
    paymentTerms: input.paymentTerms as PaymentTerm[] | null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    maxUses: input.maxUses,
    maxUsesPerPatient: input.maxUsesPerPatient,
    active: input.active,
  };
}

/** A refused value, named by its field as a schema's 400 names it, for the form to show there. */
function refusal(field: string, message: string): InvalidRequestError {
  return new InvalidRequestError(message, { fields: [{ field, message }] });
}

function duplicateCode(): ConflictError {
  return new ConflictError(m.duplicateCode, {
    fields: [{ field: 'code', message: m.duplicateCode }],
  });
}

export class CouponDesk {
  constructor(
    private readonly runtime: ServiceRuntime,
    /** The price table now: a coupon may not take more than the lowest price it applies to. */
    private readonly prices: () => Promise<PriceTable>,
  ) {}

  private get audit() {
    return this.runtime.audit.of<CatalogAuditAction>();
  }

  async list(): Promise<CouponView[]> {
    const db = this.runtime.db;
    const [rows, uses] = await Promise.all([
      db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)),
      db
        .select({ couponId: couponRedemptions.couponId, n: sql<number>`count(*)::int` })
        .from(couponRedemptions)
        .groupBy(couponRedemptions.couponId),
    ]);
    const usesOf = new Map(uses.map((u) => [u.couponId, Number(u.n)]));
    return rows.map((row) => viewOf(row, usesOf.get(row.id) ?? 0));
  }

  async create(by: AuditStaff, raw: CouponInput): Promise<CouponView> {
    const input = await this.checked(raw);
    const now = this.runtime.clock.now();
    try {
      return await this.runtime.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({ ...columnsOf(input), version: 1, createdAt: now, updatedAt: now })
          .returning();
        if (!row) throw new Error('coupon not stored');
        await this.recordChange(tx, by, row, null, now, 'coupon.create');
        return viewOf(row, 0);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateCode();
      throw err;
    }
  }

  async change(
    by: AuditStaff,
    id: number,
    raw: CouponInput,
    fromVersion: number,
  ): Promise<CouponView> {
    const input = await this.checked(raw);
    const now = this.runtime.clock.now();
    try {
      return await this.runtime.transaction(async (tx) => {
        const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
        if (!current) throw new NotFoundError(m.couponNotFound);
        if (current.version !== fromVersion)
          throw new ConflictError(m.changedMeanwhile, { version: current.version });
        const [row] = await tx
          .update(coupons)
          .set({ ...columnsOf(input), version: current.version + 1, updatedAt: now })
          .where(eq(coupons.id, id))
          .returning();
        if (!row) throw new Error('coupon not stored');
        await this.recordChange(tx, by, row, inputOf(current), now, 'coupon.change');
        const [uses] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(couponRedemptions)
          .where(eq(couponRedemptions.couponId, id));
        return viewOf(row, Number(uses?.n ?? 0));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateCode();
      throw err;
    }
  }

  async history(id: number): Promise<CouponChange[]> {
    const db: Executor = this.runtime.db;
    const [exists] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id));
    if (!exists) throw new NotFoundError(m.couponNotFound);
    const rows = await db
      .select()
      .from(couponChanges)
      .where(eq(couponChanges.couponId, id))
      .orderBy(desc(couponChanges.version));
    return rows.map((r) => ({
      version: r.version,
      at: r.changedAt.toISOString(),
      by: { id: r.changedById, name: r.changedByName },
      before: r.before,
      after: r.after,
    }));
  }

  /** The contract's rules (again: the desk may be called without the route), then the data's. */
  private async checked(raw: CouponInput): Promise<CouponInput> {
    const parsed = couponInputSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw refusal(String(issue?.path[0] ?? 'code'), issue?.message ?? 'Invalid coupon');
    }
    const input = parsed.data;
    const lowest = lowestBaseCents(input.paymentTerms, await this.prices());
    if (input.amountCents > lowest) throw refusal('amountCents', m.largerThanPrice(lowest));
    return input;
  }

  private async recordChange(
    tx: Tx,
    by: AuditStaff,
    row: CouponRow,
    before: CouponInput | null,
    at: Date,
    action: 'coupon.create' | 'coupon.change',
  ): Promise<void> {
    await tx.insert(couponChanges).values({
      couponId: row.id,
      version: row.version,
      before,
      after: inputOf(row),
      changedAt: at,
      changedById: by.id,
      changedByName: by.name ?? null,
    });
    await this.audit.record(tx, by, {
      action,
      at,
      subject: `coupon ${row.code}`,
      refs: { coupon: row.id, version: row.version },
    });
  }
}
