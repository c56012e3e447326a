import { act } from 'react';
import { staffAccountMessages as m, type StaffAccount } from '@clinic/contracts';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until } from '../clinic/testing';
import { click } from '../pharmacy/testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const rows = () => [...root().querySelectorAll<HTMLElement>('.sa-table tbody tr')];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const toast = () => root().querySelector('[role="status"], [role="alert"]')?.textContent;
const LIST = 'GET /api/console/staff';

function account(over: Partial<StaffAccount> = {}): StaffAccount {
  return {
    id: 6,
    first_name: 'Alex',
    last_name: 'Admin',
    email: 'admin@demo.glp-clinic.local',
    role: 'admin',
    enabled: true,
    two_factor: true,
    password_set: true,
    last_login_at: '2026-11-25T15:00:00.000Z',
    ...over,
  };
}
const casey = account({
  id: 2,
  first_name: 'Casey',
  last_name: 'Clinician',
  email: 'casey@example.com',
  role: 'clinician',
  two_factor: false,
  password_set: false,
  last_login_at: null,
});
const list = (staff: StaffAccount[]) => ok({ status: 'success', staff });
const changed = (message: string, a: StaffAccount) =>
  ok({ status: 'success', message, account: a });

async function fill(label: string, value: string) {
  const labelEl = [...root().querySelectorAll('label')].find((l) => l.textContent === label);
  const el = document.getElementById(labelEl!.htmlFor) as HTMLInputElement | HTMLSelectElement;
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(
      new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

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

async function open() {
  view = await openConsole('/console/staff-accounts', 'admin');
  await until(view, () => rows().length > 0);
}

describe('staff accounts', () => {
  it('lists each person with role, status, two-factor login and last login', async () => {
    api.on(LIST, list([account(), casey]));
    await open();
    expect(root().querySelector('h1')?.textContent).toBe('Staff accounts');
    const [alex, nurse] = rows();
    expect(alex!.textContent).toContain('Alex Admin');
    expect(alex!.textContent).toContain('Enabled');
    expect(alex!.textContent).toContain('On');
    expect(alex!.textContent).toContain('Nov 25, 2026');
    expect(nurse!.textContent).toContain('casey@example.com');
    expect(nurse!.textContent).toContain('Invited, no password yet');
    expect(nurse!.textContent).toContain('Never');
    expect(nurse!.querySelector('select')?.value).toBe('clinician');
  });

  it('invites by email with name and role, then reads the list again', async () => {
    api.on(LIST, list([account()]), list([account(), casey]));
    api.on('POST /api/console/staff', changed(m.invited, casey));
    await open();
    await fill('Email', 'casey@example.com');
    await fill('First name', 'Casey');
    await fill('Last name', 'Clinician');
    await fill('Role', 'support');
    await click(buttonNamed(root(), 'Send invitation'));
    expect(api.sent('POST /api/console/staff')).toEqual([
      { email: 'casey@example.com', first_name: 'Casey', last_name: 'Clinician', role: 'support' },
    ]);
    await until(view!, () => rows().length === 2);
    expect(toast()).toBe(m.invited);
  });

  it('disables only once confirmed, and shows why the last admin cannot be', async () => {
    api.on(LIST, list([account(), casey]));
    api.on('POST /api/console/staff/2/disable', changed(m.disabled, { ...casey, enabled: false }));
    api.on('POST /api/console/staff/6/disable', fail(409, m.lastAdmin));
    await open();
    await click(buttonNamed(rows()[1]!, 'Disable'));
    expect(dialog()?.textContent).toContain('Disable Casey Clinician?');
    expect(api.sent('POST /api/console/staff/2/disable')).toHaveLength(0);
    await click(buttonNamed(dialog()!, 'Disable account'));
    expect(api.sent('POST /api/console/staff/2/disable')).toHaveLength(1);
    await until(view!, () => toast() === m.disabled);

    await click(buttonNamed(rows()[0]!, 'Disable'));
    await click(buttonNamed(dialog()!, 'Disable account'));
    await until(view!, () => toast() === m.lastAdmin);
  });

  it('changes a role on the spot', async () => {
    api.on(LIST, list([account(), casey]));
    api.on(
      'POST /api/console/staff/2/role',
      changed(m.roleChanged, { ...casey, role: 'pharmacy' }),
    );
    await open();
    const select = rows()[1]!.querySelector('select')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(
        select,
        'pharmacy',
      );
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(api.sent('POST /api/console/staff/2/role')).toEqual([{ role: 'pharmacy' }]);
    await until(view!, () => toast() === m.roleChanged);
  });
});
