import { privacyAdminMessages as m, type PrivacyRequestState } from '@clinic/contracts';
import { ConflictError } from '@clinic/kit';
import { privacyResponseDue } from './privacy-requests';
import { assertNextStep, daysLeft, isOverdue, workingOrder } from './privacy-request-steps';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('a privacy request’s steps', () => {
  it('moves received to verified and verified to done', () => {
    expect(() => assertNextStep('received', 'verified')).not.toThrow();
    expect(() => assertNextStep('verified', 'done')).not.toThrow();
  });

  it.each<[PrivacyRequestState, PrivacyRequestState, string]>([
    ['received', 'done', m.verifyFirst],
    ['verified', 'verified', m.alreadyVerified],
    ['verified', 'received', m.noGoingBack],
    ['done', 'verified', m.alreadyDone],
    ['done', 'done', m.alreadyDone],
    ['done', 'received', m.alreadyDone],
    ['received', 'received', m.noGoingBack],
  ])('refuses %s to %s as a conflict, saying why', (from, to, message) => {
    expect(() => assertNextStep(from, to)).toThrow(new ConflictError(message));
  });
});

describe('the due date', () => {
  const received = new Date('2026-03-02T15:00:00.000Z');
  const due = privacyResponseDue(received);

  it('is 45 days from receipt', () => {
    expect(due.toISOString()).toBe('2026-04-16T15:00:00.000Z');
    expect(daysLeft(due, received)).toBe(45);
  });

  it('counts the last hours as a day left, and a few hours late as a day late', () => {
    expect(daysLeft(due, new Date(due.getTime() - 3 * HOUR))).toBe(1);
    expect(daysLeft(due, new Date(due.getTime() - DAY))).toBe(1);
    expect(daysLeft(due, new Date(due.getTime() - DAY - HOUR))).toBe(2);
    expect(daysLeft(due, due)).toBe(0);
    expect(daysLeft(due, new Date(due.getTime() + 3 * HOUR))).toBe(-1);
    expect(daysLeft(due, new Date(due.getTime() + 3 * DAY))).toBe(-3);
  });

  it('makes an open request overdue once it has passed, and a done one never', () => {
    const later = new Date(due.getTime() + 1);
    expect(isOverdue('received', due, due)).toBe(false);
    expect(isOverdue('received', due, later)).toBe(true);
    expect(isOverdue('verified', due, later)).toBe(true);
    expect(isOverdue('done', due, later)).toBe(false);
  });
});

describe('the working order', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 3, day, 12)).toISOString();
  const request = (
    reference: string,
    state: PrivacyRequestState,
    dueDay: number,
    closedDay: number | null = null,
  ) => ({ reference, state, dueAt: at(dueDay), closedAt: closedDay ? at(closedDay) : null });

  it('puts the overdue open requests first, then the others by due date, then the done ones newest first', () => {
    // "Today" is April 10: the requests due on the 2nd and the 8th are overdue.
    const ordered = workingOrder([
      request('due-20', 'received', 20),
      request('done-old', 'done', 1, 5),
      request('overdue-8', 'received', 8),
      request('due-12', 'verified', 12),
      request('done-new', 'done', 3, 9),
      request('overdue-2', 'verified', 2),
    ]);
    expect(ordered.map((r) => r.reference)).toEqual([
      'overdue-2',
      'overdue-8',
      'due-12',
      'due-20',
      'done-new',
      'done-old',
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const list = [request('b', 'received', 9), request('a', 'received', 3)];
    workingOrder(list);
    expect(list.map((r) => r.reference)).toEqual(['b', 'a']);
  });
});
