/**
 * The audit trail, one mechanism for every service: each schema holds an `audit_trail` table of
 * the same shape (kit-migrations.ts), written only through `AuditTrail.record`.
 *
 * Guarantees:
 * - append-only: the table refuses UPDATE, DELETE and TRUNCATE (a trigger), and the service's
 *   role may only insert into it and read it (db/roles.ts), so it can neither empty it nor turn
 *   the trigger off;
 * - a line names who (staff id, name, role, address), what they did (the action), whose
 *   information (patient, order) and which record (`subject`, `refs`), never the content read;
 * - a read is recorded before it is answered, and a step in the transaction that makes it (the
 *   caller passes its `tx`), so neither happens unrecorded.
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { bigserial, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import { rows, type Executor } from '../db/database';
import { assertSchemaName } from '../db/migrate';

/** How long a list's re-read adds no line for a patient already on it (recordEachPerWindow). */
export const LIST_READ_WINDOW_MS = 15 * 60 * 1000;

/** Who did it: the staff member and the address of their request. */
export interface AuditStaff {
  id: number;
  /** Their name as identity gave it, when the service knows it. */
  name?: string | null;
  role: string;
  ip: string | null;
}

/** What was done, to whose information, at which moment. */
export interface AuditLine<A extends string = string> {
  action: A;
  at: Date;
  patientId?: number | null;
  orderId?: number | null;
  /** What was read or decided (a file name, a FHIR resource, a prescription), never its content. */
  subject?: string | null;
  /** The service's own ids of what it concerns, e.g. `{ shipment: 12, reship: 3 }`. */
  refs?: Record<string, number>;
}

export interface AuditRecord<A extends string = string> {
  /** The schema (service) that wrote it. */
  service: string;
  id: number;
  at: Date;
  staff: { id: number; name: string | null; role: string };
  action: A;
  patientId: number | null;
  orderId: number | null;
  subject: string | null;
  refs: Record<string, number>;
  ip: string | null;
}

export interface AuditQuery {
  patientId?: number;
  orderId?: number;
  staffId?: number;
  action?: string;
  subject?: string;
  /** Lines of records with these refs, e.g. `{ shipment: 12 }`. */
  refs?: Record<string, number>;
  /** Only lines older than this id (the previous page's `next`). */
  before?: number;
  limit: number;
}

/** The admin's filters over one service's trail (the gateway merges every service's answer). */
export interface AuditSearch {
  staffId?: number;
  patientId?: number;
  orderId?: number;
  action?: string;
  /** Lines at or after this moment. */
  from?: Date;
  /** Lines before this moment. */
  until?: Date;
  /** Lines older than this one: earlier, or at the same moment with a smaller id. */
  before?: { at: Date; id: number };
  limit: number;
}

export interface AuditPage<A extends string = string> {
  entries: AuditRecord<A>[];
  /** The `before` of the next page, or null on the last one. */
  next: number | null;
}

function auditTable(schema: string) {
  return pgSchema(schema).table('audit_trail', {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name'),
    staffRole: text('staff_role').notNull(),
    action: text('action').notNull(),
    patientId: integer('patient_id'),
    orderId: integer('order_id'),
    subject: text('subject'),
    refs: jsonb('refs').$type<Record<string, number>>().notNull(),
    ip: text('ip'),
  });
}

/** One service's audit trail; `A` is the actions that service writes. */
export class AuditTrail<A extends string = string> {
  private readonly table: ReturnType<typeof auditTable>;

  constructor(readonly schema: string) {
    assertSchemaName(schema);
    this.table = auditTable(schema);
  }

  /** The same trail, typed by the actions its service writes. */
  of<B extends string>(): AuditTrail<B> {
    return this as unknown as AuditTrail<B>;
  }

  /** Writes one line, through `executor`: the transaction of the step it records, if any. */
  async record(executor: Executor, who: AuditStaff, line: AuditLine<A>): Promise<void> {
    await this.recordEach(executor, who, [line]);
  }

  /** Writes one line per item of a list read (each patient on it), in one statement. */
  async recordEach(executor: Executor, who: AuditStaff, lines: AuditLine<A>[]): Promise<void> {
    if (lines.length === 0) return;
    await executor.insert(this.table).values(
      lines.map((line) => ({
        at: line.at,
        staffId: who.id,
        staffName: who.name ?? null,
        staffRole: who.role,
        action: line.action,
        patientId: line.patientId ?? null,
        orderId: line.orderId ?? null,
        subject: line.subject ?? null,
        refs: line.refs ?? {},
        ip: who.ip,
      })),
    );
  }

  /**
   * Like `recordEach`, for a list a console re-reads by itself (a queue or inbox every 30 s or
   * so): leaves out a line this person already has for the same action, patient, order, subject
   * and refs less than `withinMs` (15 minutes) before it, so each patient on the list gets a line
   * per window, not per refresh. The first line of a window stands for the re-reads within it.
   */
  async recordEachPerWindow(
    executor: Executor,
    who: AuditStaff,
    lines: AuditLine<A>[],
    withinMs = LIST_READ_WINDOW_MS,
  ): Promise<void> {
    if (lines.length === 0) return;
    const t = this.table;
    const since = new Date(Math.min(...lines.map((l) => l.at.getTime())) - withinMs);
    const recent = await executor
      .select({
        action: t.action,
        patientId: t.patientId,
        orderId: t.orderId,
        subject: t.subject,
        refs: t.refs,
        at: t.at,
      })
      .from(t)
      .where(
        and(
          eq(t.staffId, who.id),
          inArray(t.action, [...new Set(lines.map((l) => l.action))]),
          gte(t.at, since),
        ),
      );
    const keyOf = (l: Pick<AuditLine, 'action' | 'patientId' | 'orderId' | 'subject' | 'refs'>) =>
      JSON.stringify([
        l.action,
        l.patientId ?? null,
        l.orderId ?? null,
        l.subject ?? null,
        Object.entries(l.refs ?? {}).sort(([a], [b]) => a.localeCompare(b)),
      ]);
    const lastAt = new Map<string, number>();
    for (const line of recent)
      lastAt.set(keyOf(line), Math.max(lastAt.get(keyOf(line)) ?? -Infinity, line.at.getTime()));
    await this.recordEach(
      executor,
      who,
      lines.filter((l) => l.at.getTime() - (lastAt.get(keyOf(l)) ?? -Infinity) >= withinMs),
    );
  }

  /** The trail, newest first, one page at a time. */
  async page(executor: Executor, query: AuditQuery): Promise<AuditPage<A>> {
    const t = this.table;
    const where: SQL[] = [];
    if (query.patientId !== undefined) where.push(eq(t.patientId, query.patientId));
    if (query.orderId !== undefined) where.push(eq(t.orderId, query.orderId));
    if (query.staffId !== undefined) where.push(eq(t.staffId, query.staffId));
    if (query.action !== undefined) where.push(eq(t.action, query.action));
    if (query.subject !== undefined) where.push(eq(t.subject, query.subject));
    // jsonb containment: the builder has no operator for it.
    if (query.refs !== undefined) where.push(sql`${t.refs} @> ${JSON.stringify(query.refs)}`);
    if (query.before !== undefined) where.push(lt(t.id, query.before));
    const found = await executor
      .select()
      .from(t)
      .where(and(...where))
      .orderBy(desc(t.id))
      .limit(query.limit + 1);
    const entries = found.slice(0, query.limit).map((row) => this.recordOf(row));
    return { entries, next: found.length > query.limit ? (entries.at(-1)?.id ?? null) : null };
  }

  /** Lines matching every filter, newest first (by time, then id): at most `limit`. */
  async search(executor: Executor, query: AuditSearch): Promise<AuditRecord<A>[]> {
    const t = this.table;
    const where: SQL[] = [];
    if (query.staffId !== undefined) where.push(eq(t.staffId, query.staffId));
    if (query.patientId !== undefined) where.push(eq(t.patientId, query.patientId));
    if (query.orderId !== undefined) where.push(eq(t.orderId, query.orderId));
    if (query.action !== undefined) where.push(eq(t.action, query.action));
    if (query.from !== undefined) where.push(gte(t.at, query.from));
    if (query.until !== undefined) where.push(lt(t.at, query.until));
    const before = query.before;
    if (before !== undefined)
      where.push(or(lt(t.at, before.at), and(eq(t.at, before.at), lt(t.id, before.id)))!);
    const found = await executor
      .select()
      .from(t)
      .where(and(...where))
      .orderBy(desc(t.at), desc(t.id))
      .limit(query.limit);
    return found.map((row) => this.recordOf(row));
  }

  private recordOf(row: typeof this.table.$inferSelect): AuditRecord<A> {
    return {
      service: this.schema,
      id: row.id,
      at: row.at,
      staff: { id: row.staffId, name: row.staffName, role: row.staffRole },
      action: row.action as A,
      patientId: row.patientId,
      orderId: row.orderId,
      subject: row.subject,
      refs: row.refs,
      ip: row.ip,
    };
  }
}

interface UnionRow {
  service: string;
  id: string | number;
  at: string | Date;
  staff_id: number;
  staff_name: string | null;
  staff_role: string;
  action: string;
  patient_id: number | null;
  order_id: number | null;
  subject: string | null;
  refs: Record<string, number>;
  ip: string | null;
}

/**
 * Every service's trail as one, newest first (for the admin's single trail): a union of the
 * `audit_trail` tables of `schemas`. The executor's role must be able to read each of them: the
 * owner, or a member of the audit reader role (db/roles.ts). Pages go back in time: `before` is
 * the previous page's last moment (ids are per schema, times are comparable).
 */
export async function readAuditTrails(
  executor: Executor,
  schemas: string[],
  query: { patientId?: number; staffId?: number; before?: Date; limit: number },
): Promise<AuditRecord[]> {
  if (schemas.length === 0) return [];
  const filters = (schema: string) => {
    const where: SQL[] = [sql`true`];
    if (query.patientId !== undefined) where.push(sql`patient_id = ${query.patientId}`);
    if (query.staffId !== undefined) where.push(sql`staff_id = ${query.staffId}`);
    if (query.before !== undefined) where.push(sql`at < ${query.before.toISOString()}`);
    return sql`select ${schema}::text as service, id, at, staff_id, staff_name, staff_role, action,
      patient_id, order_id, subject, refs, ip from ${sql.identifier(schema)}.audit_trail
      where ${sql.join(where, sql` and `)}`;
  };
  for (const schema of schemas) assertSchemaName(schema);
  // A union over schemas chosen at run time: the builder cannot name tables that way.
  const found = await rows<UnionRow>(
    executor,
    sql`select * from (${sql.join(schemas.map(filters), sql` union all `)}) trail
      order by at desc, service, id desc limit ${query.limit}`,
  );
  return found.map((row) => ({
    service: row.service,
    id: Number(row.id),
    at: new Date(row.at),
    staff: { id: row.staff_id, name: row.staff_name, role: row.staff_role },
    action: row.action,
    patientId: row.patient_id,
    orderId: row.order_id,
    subject: row.subject,
    refs: row.refs,
    ip: row.ip,
  }));
}
