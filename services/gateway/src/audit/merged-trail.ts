/**
 * The admin's one audit trail: every service's trail read at once (each through its AuditSource,
 * in parallel) and merged newest first.
 *
 * Guarantees:
 * - one order over every line: time (newest first), then service name, then id (newest first),
 *   and the cursor is exactly those three, so paging never repeats or skips a line, whichever
 *   services wrote them and however many share a moment;
 * - each service is asked with the same filters and for one line more than the page, so the
 *   merged page is exact and `next` is null only on the last page;
 * - a service that does not answer is named in `missing`, never silently left out.
 */
import {
  auditCursorPattern,
  type AuditEntry,
  type AuditFilter,
  type AuditReadRequest,
  type Principal,
  type ServiceName,
} from '@clinic/contracts';
import { describeError, type AuditSource, type Logger } from '@clinic/kit';

export interface AuditCursor {
  at: string;
  service: string;
  id: number;
}

export interface MergedTrail {
  entries: AuditEntry[];
  /** Whether lines beyond `entries` match (the next page's first is older than the last here). */
  more: boolean;
  missing: ServiceName[];
}

export function cursorOf(entry: Pick<AuditEntry, 'at' | 'service' | 'id'>): string {
  return `${new Date(entry.at).toISOString()}_${entry.service}_${entry.id}`;
}

/** The contract's query checked the pattern already. */
export function parseCursor(text: string): AuditCursor {
  const [, at, service, id] = auditCursorPattern.exec(text)!;
  return { at: at!, service: service!, id: Number(id) };
}

/** Newest first; at one moment, by service name, then newest id first. */
export function compareLines(a: AuditEntry, b: AuditEntry): number {
  const at = Date.parse(b.at) - Date.parse(a.at);
  if (at !== 0) return at;
  if (a.service !== b.service) return a.service < b.service ? -1 : 1;
  return b.id - a.id;
}

/** What comes after `cursor` in one service's trail, in the merged order. */
function beforeIn(service: string, cursor: AuditCursor): AuditReadRequest['before'] {
  if (service === cursor.service) return { at: cursor.at, id: cursor.id };
  // Services named after the cursor's come later at the same moment: all of that moment's lines.
  // Those named before it came earlier: none of that moment's.
  return { at: cursor.at, id: service > cursor.service ? Number.MAX_SAFE_INTEGER : 0 };
}

const DAY_MS = 86_400_000;

/** The filters as each service is asked them (UTC days as moments, the last day included). */
export function readRequestOf(filter: AuditFilter, limit: number): AuditReadRequest {
  return {
    staffId: filter.staffId,
    patientId: filter.patientId,
    orderId: filter.orderId,
    action: filter.action,
    from: filter.from === undefined ? undefined : new Date(filter.from).toISOString(),
    until:
      filter.to === undefined ? undefined : new Date(Date.parse(filter.to) + DAY_MS).toISOString(),
    limit,
  };
}

export async function readMergedTrail(
  sources: readonly AuditSource[],
  admin: Principal,
  filter: AuditFilter,
  page: { before?: string; limit: number },
  logger: Logger,
): Promise<MergedTrail> {
  const cursor = page.before === undefined ? undefined : parseCursor(page.before);
  const request = readRequestOf(filter, page.limit + 1);
  const answers = await Promise.allSettled(
    sources.map((source) =>
      source.read(
        cursor ? { ...request, before: beforeIn(source.service, cursor) } : request,
        admin,
      ),
    ),
  );
  const missing: ServiceName[] = [];
  const lines: AuditEntry[] = [];
  answers.forEach((answer, i) => {
    const service = sources[i]!.service;
    if (answer.status === 'fulfilled') return lines.push(...answer.value);
    missing.push(service);
    // The error names the call and why (the kit's InternalClient), never a line's content.
    logger.warn({ service, error: describeError(answer.reason) }, 'audit read failed');
  });
  lines.sort(compareLines);
  return { entries: lines.slice(0, page.limit), more: lines.length > page.limit, missing };
}
