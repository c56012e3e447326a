/**
 * Affiliate conversions as marketing sees them (issue 28): each order reported to the affiliate,
 * named only by its opaque reference, with its status derived from its attempts, and the retry of
 * a failed one.
 *
 * Guarantees:
 * - Nothing here names a person, an order id or number, or a product; attempts carry no answer
 *   body (the affiliate's text may echo anything).
 * - The status is derived in one place (`statusSql`), so the filter, the paging and the retry
 *   check agree.
 * - A retry is refused unless the conversion is failed, with nothing changed. It locks the order's
 *   conversion row, counts one more series and queues its first attempt through the job's own
 *   enqueue, and writes its audit line, all in one transaction: two retries at once queue one
 *   series (the second waits for the lock, then finds it retrying), and none stands unaudited.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  affiliateConversionsPageSize,
  affiliateMessages,
  type AffiliateConversion,
  type AffiliateConversionStatus,
} from '@clinic/contracts';
import {
  InvalidRequestError,
  NotFoundError,
  rows,
  type AuditStaff,
  type Executor,
  type ServiceRuntime,
} from '@clinic/kit';
import { conversionAttempts, conversions } from '../db/schema';
import {
  CONVERSION_MAX_ATTEMPTS,
  enqueueConversionSeries,
} from '../jobs/definitions/call-conversion';

export type AffiliateAuditAction = 'affiliate-conversion.retry';

/**
 * An order's status from its latest attempt and its series: sent when it succeeded, skipped when
 * no endpoint was configured, failed when the series' last attempt failed; otherwise an attempt
 * is queued or under way (the next one of the series, or the first of a retry), so retrying.
 */
const statusSql = sql<AffiliateConversionStatus>`case
  when last.outcome = 'success' then 'sent'
  when last.outcome = 'skipped' then 'skipped'
  when last.outcome in ('unexpected', 'error')
    and last.attempt >= c.series * ${CONVERSION_MAX_ATTEMPTS} then 'failed'
  else 'retrying'
end`;

interface ConversionRow {
  order_id: number;
  reference: string;
  c_id: string;
  amount_cents: number;
  payment_terms: number;
  created_at: string | Date;
  status: AffiliateConversionStatus;
}

/** The conversions with their status, filtered by `where` (over `c` and `status`). */
function withStatus(where: SQL) {
  return sql`select * from (
      select c.order_id, c.reference, c.c_id, c.amount_cents, c.payment_terms, c.created_at,
        ${statusSql} as status
      from ${conversions} c
      left join lateral (
        select a.attempt, a.outcome from ${conversionAttempts} a
        where a.order_id = c.order_id order by a.attempt desc limit 1
      ) last on true
    ) listed where ${where}`;
}

async function withAttempts(
  executor: Executor,
  found: ConversionRow[],
): Promise<AffiliateConversion[]> {
  if (found.length === 0) return [];
  const a = conversionAttempts;
  const attempts = await executor
    .select({
      orderId: a.orderId,
      attempt: a.attempt,
      startedAt: a.startedAt,
      finishedAt: a.finishedAt,
      outcome: a.outcome,
      httpStatus: a.httpStatus,
    })
    .from(a)
    .where(
      inArray(
        a.orderId,
        found.map((row) => row.order_id),
      ),
    )
    .orderBy(asc(a.orderId), asc(a.attempt));
  return found.map((row) => ({
    reference: row.reference,
    c_id: row.c_id,
    amount: row.amount_cents / 100,
    payment_terms: row.payment_terms,
    createdAt: new Date(row.created_at).toISOString(),
    status: row.status,
    attempts: attempts
      .filter((attempt) => attempt.orderId === row.order_id)
      .map((attempt) => ({
        number: attempt.attempt,
        startedAt: attempt.startedAt.toISOString(),
        finishedAt: attempt.finishedAt?.toISOString() ?? null,
        outcome: attempt.outcome,
        httpStatus: attempt.httpStatus,
      })),
  }));
}

export class AffiliateConversions {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** One page, newest first, of every conversion or those of `status`. */
  async list(
    page: number,
    status: AffiliateConversionStatus | undefined,
  ): Promise<{ total: number; conversions: AffiliateConversion[] }> {
    const { db } = this.runtime;
    const where = status === undefined ? sql`true` : sql`status = ${status}`;
    const [counted] = await rows<{ total: number | string }>(
      db,
      sql`select count(*) as total from (${withStatus(where)}) filtered`,
    );
    const found = await rows<ConversionRow>(
      db,
      sql`${withStatus(where)} order by created_at desc, order_id desc
        limit ${affiliateConversionsPageSize}
        offset ${(page - 1) * affiliateConversionsPageSize}`,
    );
    return { total: Number(counted?.total ?? 0), conversions: await withAttempts(db, found) };
  }

  /** The conversion of the order as `executor` sees it. */
  private async one(executor: Executor, orderId: number): Promise<AffiliateConversion> {
    const found = await rows<ConversionRow>(executor, withStatus(sql`order_id = ${orderId}`));
    const [conversion] = await withAttempts(executor, found);
    if (!conversion) throw new NotFoundError(affiliateMessages.notFound);
    return conversion;
  }

  /** Queues a new series of attempts for a failed conversion, audited as `who`'s. */
  async retry(reference: string, who: AuditStaff): Promise<AffiliateConversion> {
    const { runtime } = this;
    return runtime.transaction(async (tx) => {
      const c = conversions;
      const [locked] = await tx
        .select({ orderId: c.orderId })
        .from(c)
        .where(eq(c.reference, reference))
        .for('update');
      if (!locked) throw new NotFoundError(affiliateMessages.notFound);
      const before = await this.one(tx, locked.orderId);
      if (before.status !== 'failed')
        throw new InvalidRequestError(affiliateMessages.notFailed(before.status));
      const [next] = await tx
        .update(c)
        .set({ series: sql`${c.series} + 1` })
        .where(eq(c.orderId, locked.orderId))
        .returning();
      if (!next) throw new NotFoundError(affiliateMessages.notFound);
      await enqueueConversionSeries(runtime, next, tx);
      await runtime.audit.of<AffiliateAuditAction>().record(tx, who, {
        action: 'affiliate-conversion.retry',
        at: runtime.clock.now(),
        orderId: locked.orderId,
        subject: reference,
      });
      return this.one(tx, locked.orderId);
    });
  }
}
