import type { AuditEntry, AuditReadRequest, ServiceName } from '@clinic/contracts';
import type { AuditSource } from '@clinic/kit';
import { silentLogger } from '@clinic/kit/testing';
import { auditCsvFileName, auditCsvOf } from './audit-csv';
import { compareLines, cursorOf, readMergedTrail, readRequestOf } from './merged-trail';

const admin = { userId: 1, role: 'admin' as const, sessionId: 's', startedAt: 0, cartId: null };

function line(service: ServiceName, id: number, minute: number, extra: Partial<AuditEntry> = {}) {
  return {
    service,
    id,
    at: new Date(Date.UTC(2026, 10, 27, 9, minute)).toISOString(),
    staff: { id: 5, name: null, role: 'support' },
    action: 'conversation.read',
    orderId: null,
    patientId: null,
    subject: null,
    refs: {},
    ip: null,
    ...extra,
  } satisfies AuditEntry;
}

/** A service's trail in memory, answering like AuditTrail.search. */
function source(service: ServiceName, lines: AuditEntry[], asked: AuditReadRequest[] = []) {
  return {
    service,
    read: (request: AuditReadRequest) => {
      asked.push(request);
      const before = request.before;
      return Promise.resolve(
        lines
          .filter(
            (l) =>
              !before ||
              Date.parse(l.at) < Date.parse(before.at) ||
              (l.at === before.at && l.id < before.id),
          )
          .sort(compareLines)
          .slice(0, request.limit),
      );
    },
  } satisfies AuditSource;
}

describe("the admin's merged audit trail", () => {
  it('merges every service newest first and pages across them without a repeat or a gap', async () => {
    // Three services, with lines of different services at the same moment (minute 5).
    const sources = [
      source('clinic', [line('clinic', 1, 1), line('clinic', 2, 5), line('clinic', 3, 5)]),
      source('chat', [line('chat', 1, 2), line('chat', 2, 5), line('chat', 3, 7)]),
      source('gateway', [line('gateway', 9, 5), line('gateway', 10, 6)]),
    ];
    const seen: string[] = [];
    let before: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await readMergedTrail(sources, admin, {}, { before, limit: 2 }, silentLogger);
      seen.push(...page.entries.map((e) => `${e.service}#${e.id}`));
      if (!page.more) break;
      before = cursorOf(page.entries.at(-1)!);
    }
    expect(seen).toEqual([
      'chat#3',
      'gateway#10',
      // Minute 5: by service name, then newest id first.
      'chat#2',
      'clinic#3',
      'clinic#2',
      'gateway#9',
      'chat#1',
      'clinic#1',
    ]);
  });

  it('asks each service with the same filters, days as UTC moments with the last day included', async () => {
    const asked: AuditReadRequest[] = [];
    const filter = {
      staffId: 5,
      patientId: 40,
      orderId: 400,
      action: 'case.read' as const,
      from: '2026-11-01',
      to: '2026-11-27',
    };
    await readMergedTrail(
      [source('clinic', [], asked), source('chat', [], asked)],
      admin,
      filter,
      { limit: 50 },
      silentLogger,
    );
    const expected = {
      staffId: 5,
      patientId: 40,
      orderId: 400,
      action: 'case.read',
      from: '2026-11-01T00:00:00.000Z',
      until: '2026-11-28T00:00:00.000Z',
      limit: 51,
    };
    expect(asked).toEqual([expected, expected]);
    expect(readRequestOf({}, 3)).toEqual({ limit: 3 });
  });

  it('names a service that did not answer instead of showing less in silence', async () => {
    const down: AuditSource = {
      service: 'fulfillment',
      read: () => Promise.reject(new Error('fulfillment /internal/audit answered 503')),
    };
    const page = await readMergedTrail(
      [source('clinic', [line('clinic', 1, 1)]), down],
      admin,
      {},
      { limit: 10 },
      silentLogger,
    );
    expect(page.missing).toEqual(['fulfillment']);
    expect(page.entries.map((e) => e.service)).toEqual(['clinic']);
  });
});

describe('the audit trail as CSV', () => {
  it('quotes commas, quotes and line breaks, writes would-be formulas as text, and names the file by day', () => {
    const csv = auditCsvOf([
      line('clinic', 7, 3, {
        action: 'file.read',
        staff: { id: 3, name: 'Casey "CJ" Park, MD', role: 'clinician' },
        patientId: 40,
        orderId: 400,
        subject: '=HYPERLINK("x")\nphoto.png',
        refs: { shipment: 2, reship: 1 },
        ip: '10.0.0.1',
      }),
      line('chat', 1, 1),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'time_utc,service,staff_id,staff_name,staff_role,action,patient_id,order_id,subject,refs,ip',
      '2026-11-27T09:03:00.000Z,clinic,3,"Casey ""CJ"" Park, MD",clinician,file.read,40,400,"\'=HYPERLINK(""x"")\nphoto.png",shipment=2 reship=1,10.0.0.1',
      '2026-11-27T09:01:00.000Z,chat,5,,support,conversation.read,,,,,',
      '',
    ]);
    expect(auditCsvFileName(new Date('2026-11-27T23:59:00Z'))).toBe('audit-trail-2026-11-27.csv');
  });
});
