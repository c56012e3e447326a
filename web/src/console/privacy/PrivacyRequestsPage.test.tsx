import { privacyAdminMessages, type PrivacyRequestView } from '@clinic/contracts';
import { typeText } from '../../medical-form/testing/harness';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until, where } from '../clinic/testing';
import { click, labelled } from '../pharmacy/testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const rows = () => [...root().querySelectorAll<HTMLElement>('.pv-row')];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const LIST = 'GET /api/console/privacy-requests';

function request(over: Partial<PrivacyRequestView> = {}): PrivacyRequestView {
  return {
    reference: 'PR-7KQ2M9XD',
    requestType: 'access',
    name: 'Ana Diaz',
    email: 'ana@example.com',
    requesterState: 'CA',
    details: 'Please send me what you hold.',
    state: 'received',
    receivedAt: '2026-10-01T15:00:00.000Z',
    dueAt: '2026-11-15T15:00:00.000Z',
    daysLeft: -2,
    overdue: true,
    verifiedAt: null,
    verifiedBy: null,
    closedAt: null,
    closedBy: null,
    closingNote: null,
    ...over,
  };
}

const later = request({
  reference: 'PR-AB12CD34',
  requestType: 'delete',
  name: 'Ben Lee',
  email: 'ben@example.com',
  requesterState: 'VA',
  details: '',
  state: 'verified',
  receivedAt: '2026-11-20T15:00:00.000Z',
  dueAt: '2027-01-04T15:00:00.000Z',
  daysLeft: 38,
  overdue: false,
  verifiedAt: '2026-11-25T15:00:00.000Z',
  verifiedBy: 'Alex Admin',
});

const answer = (requests: PrivacyRequestView[], counts = { received: 1, verified: 1, done: 4 }) =>
  ok({ status: 'success', requests, counts });

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('admin'));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

async function open(path = '/console/privacy-requests') {
  view = await openConsole(path, 'admin');
  await until(view, () => rows().length > 0 || root().querySelector('.console-empty') !== null);
}

describe('privacy requests', () => {
  it('lists each request with its kind, requester, dates and state, the overdue one marked', async () => {
    api.on(LIST, answer([request(), later]));
    await open();

    expect(root().querySelector('h1')?.textContent).toBe('Privacy requests');
    expect(rows().map((r) => r.dataset.reference)).toEqual(['PR-7KQ2M9XD', 'PR-AB12CD34']);
    const [overdue, verified] = rows();
    expect(overdue!.classList).toContain('pv-row--overdue');
    expect(overdue!.textContent).toContain('Access (know)');
    expect(overdue!.textContent).toContain('Ana Diaz');
    expect(overdue!.textContent).toContain('CA · ana@example.com');
    expect(overdue!.textContent).toContain('Oct 1, 2026');
    expect(overdue!.textContent).toContain('Nov 15, 2026');
    expect(overdue!.querySelector('.pv-row__left')?.textContent).toBe('Overdue by 2 days');
    expect([...overdue!.querySelectorAll('.pv-state')].map((s) => s.textContent)).toEqual([
      'Received',
      'Overdue',
    ]);
    expect(overdue!.querySelector('details')?.textContent).toContain(
      'Please send me what you hold.',
    );
    expect(buttonNamed(overdue!, 'Mark verified')).toBeTruthy();

    expect(verified!.classList).not.toContain('pv-row--overdue');
    expect(verified!.textContent).toContain('Delete');
    expect(verified!.querySelector('.pv-row__left')?.textContent).toBe('38 days left');
    expect([...verified!.querySelectorAll('.pv-state')].map((s) => s.textContent)).toEqual([
      'Verified',
    ]);
    expect(verified!.textContent).toContain('Verified by Alex Admin, Nov 25, 2026');
    expect(verified!.querySelector('details')).toBeNull();
    expect(buttonNamed(verified!, 'Mark done')).toBeTruthy();

    expect([...root().querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual([
      'All (6)',
      'Received (1)',
      'Verified (1)',
      'Done (4)',
    ]);
  });

  it('filters by state through the address', async () => {
    api.on(LIST, answer([request(), later]));
    api.on(`${LIST}?state=done`, answer([]));
    await open();
    const tab = [...root().querySelectorAll<HTMLElement>('[role="tab"]')].find((t) =>
      t.textContent?.startsWith('Done'),
    )!;
    await click(tab);
    await until(view!, () => root().querySelector('.console-empty') !== null);
    expect(where(view!)).toBe('/console/privacy-requests?state=done');
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(root().querySelector('.console-empty')?.textContent).toContain(
      'Requests you mark done will appear here, newest first.',
    );
  });

  it('marks a request verified once the admin confirms, then reads the list again', async () => {
    const verifiedNow = request({ state: 'verified', verifiedBy: 'Alex Admin' });
    api.on(LIST, answer([request()]), answer([verifiedNow]));
    api.on(
      'POST /api/console/privacy-requests/PR-7KQ2M9XD/verify',
      ok({ status: 'success', request: verifiedNow }),
    );
    await open();
    await click(buttonNamed(rows()[0]!, 'Mark verified'));
    expect(dialog()?.textContent).toContain('Mark PR-7KQ2M9XD verified?');
    expect(dialog()?.textContent).toContain('This cannot be undone.');
    expect(api.sent('POST /api/console/privacy-requests/PR-7KQ2M9XD/verify')).toHaveLength(0);

    await click(buttonNamed(dialog()!, 'Mark verified'));
    expect(api.sent('POST /api/console/privacy-requests/PR-7KQ2M9XD/verify')).toHaveLength(1);
    await until(view!, () => rows()[0]?.dataset.state === 'verified');
    expect(dialog()).toBeNull();
    expect(rows()[0]!.dataset.state).toBe('verified');
    expect(root().querySelector('[role="status"]')?.textContent).toBe(
      'PR-7KQ2M9XD is verified. Answer it by the due date.',
    );
  });

  it('closes a verified request only with a note of what was sent or done', async () => {
    const done = {
      ...later,
      state: 'done' as const,
      daysLeft: null,
      closedAt: '2026-11-27T15:00:00.000Z',
      closedBy: 'Alex Admin',
      closingNote: 'Deleted the account and quiz answers.',
    };
    api.on(LIST, answer([later]), answer([done]));
    api.on(
      'POST /api/console/privacy-requests/PR-AB12CD34/close',
      ok({ status: 'success', request: done }),
    );
    await open();
    await click(buttonNamed(rows()[0]!, 'Mark done'));
    await click(buttonNamed(dialog()!, 'Mark done'));
    expect(dialog()?.textContent).toContain(privacyAdminMessages.noteRequired);
    expect(api.sent('POST /api/console/privacy-requests/PR-AB12CD34/close')).toHaveLength(0);

    const note = labelled<HTMLTextAreaElement>(dialog()!, 'What was sent or done');
    expect(note.maxLength).toBe(500);
    await typeText(note, '  Deleted the account and quiz answers. ');
    expect(dialog()?.textContent).toContain('40 of 500 characters');
    await click(buttonNamed(dialog()!, 'Mark done'));
    expect(api.sent('POST /api/console/privacy-requests/PR-AB12CD34/close')).toEqual([
      { note: 'Deleted the account and quiz answers.' },
    ]);
    await until(view!, () => rows()[0]?.dataset.state === 'done');
    const row = rows()[0]!;
    expect(row.querySelector('.pv-note')?.textContent).toBe(
      'Closing noteDeleted the account and quiz answers.',
    );
    expect(row.querySelector('.pv-row__left')?.textContent).toBe('Closed Nov 27, 2026');
    expect(row.querySelectorAll('button')).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    api.on(LIST, answer([request()]));
    api.on(
      'POST /api/console/privacy-requests/PR-7KQ2M9XD/verify',
      fail(409, privacyAdminMessages.alreadyVerified),
    );
    await open();
    await click(buttonNamed(rows()[0]!, 'Mark verified'));
    await click(buttonNamed(dialog()!, 'Mark verified'));
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(
      privacyAdminMessages.alreadyVerified,
    );
  });
});
