import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { dayInZone, type ThisWeek } from '@clinic/contracts';
import { setSession } from '../../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { type } from '../../account/testing/kit';
import { zoneName } from './careTexts';
import { doseEntry, thisWeek, unscheduled } from './fixtures';
import { ThisWeekCard } from './ThisWeekCard';

let view: Rendered | undefined;
let client: QueryClient;
let fetchMock: FetchMock;
/** What GET /api/care/this-week answers. */
let week: { status: number; body: unknown };
/** What PUT /api/care/injection-day and POST /api/care/doses answer. */
let saveAnswer: { status: number; body: unknown };
let logAnswer: { status: number; body: unknown };

async function settle() {
  for (let i = 0; i < 6; i++)
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
}

async function show(answer: ThisWeek | { status: number; body: unknown }) {
  week = 'body' in answer ? answer : { status: 200, body: answer };
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <ThisWeekCard />
    </QueryClientProvider>,
  );
  await settle();
  return view.container;
}

const card = () => view!.container.querySelector<HTMLElement>('.care-card');
const text = () => view!.container.textContent ?? '';
const button = (name: string) =>
  [...view!.container.querySelectorAll('button')].find((b) => b.textContent === name);
function control<T extends HTMLElement>(label: string): T {
  const found = [...view!.container.querySelectorAll('label')].find((l) => l.textContent === label);
  const el = found && document.getElementById(found.htmlFor);
  if (!el) throw new Error(`no control labelled "${label}"`);
  return el as T;
}
async function choose(select: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
async function click(name: string) {
  const found = button(name);
  if (!found) throw new Error(`no button "${name}"`);
  await act(async () => found.click());
  await settle();
}
/** The requests sent to `path` with `method`, their JSON bodies. */
const sent = (method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

beforeEach(() => {
  setSession(testSession({ token: 't' }));
  saveAnswer = { status: 200, body: thisWeek() };
  logAnswer = { status: 200, body: { dose: doseEntry() } };
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === '/api/care/this-week') return jsonResponse(week.status, week.body);
    if (path === '/api/care/injection-day' && method === 'PUT')
      return jsonResponse(saveAnswer.status, saveAnswer.body);
    if (path === '/api/care/doses' && method === 'POST')
      return jsonResponse(logAnswer.status, logAnswer.body);
    if (path === '/api/care/doses') return jsonResponse(200, { doses: [] });
    if (path === '/api/weight-history') return jsonResponse(200, { weights: [] });
    return jsonResponse(404, { status: 'error', message: 'Not found' });
  });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('ThisWeekCard, by status', () => {
  it.each(['none', 'stopped'] as const)('shows nothing for %s', async (status) => {
    const container = await show(unscheduled(status));
    expect(container.innerHTML).toBe('');
    expect(sent('GET', '/api/care/this-week')).toHaveLength(1);
  });

  it('shows nothing when the week cannot be read', async () => {
    const container = await show({ status: 503, body: { status: 'error', message: 'Later.' } });
    expect(container.innerHTML).toBe('');
  });

  it('asks to wait for the first shipment while it is on its way', async () => {
    await show(unscheduled('awaiting-delivery'));
    expect(card()!.textContent).toBe(
      'Once your first shipment arrives, pick the day you will take your weekly injection.',
    );
    expect(view!.container.querySelector('form')).toBeNull();
  });

  it('asks for the injection day once delivered, and saves it in the browser time zone', async () => {
    await show(unscheduled('pick-day'));
    expect(card()!.querySelector('h2')?.textContent).toBe('Pick your injection day');
    const weekday = control<HTMLSelectElement>('Day of the week');
    expect([...weekday.options].map((o) => o.textContent)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    const time = control<HTMLInputElement>('Time');
    expect(time.type).toBe('time');
    expect(text()).toContain(`Times are in your time zone: ${zoneName(browserZone)}.`);
    expect(card()!.querySelector('details summary')?.textContent).toBe('How to inject');

    await choose(weekday, 'wednesday');
    await type(time, '20:30');
    await click('Save my injection day');

    expect(sent('PUT', '/api/care/injection-day')).toEqual([
      { weekday: 'wednesday', time: '20:30', time_zone: browserZone },
    ]);
    // the answer is the card's new state
    expect(card()!.querySelector('h2')?.textContent).toBe('This week');
    expect(text()).toContain('Sunday, Mar 15 at 9:00 AM');
  });

  it("shows the server's refusal of a time the clocks skip, and keeps the form", async () => {
    const refusal =
      'Your clocks skip 2:30 AM on Sunday, Mar 8, 2026 (daylight saving time). Choose another time.';
    saveAnswer = { status: 400, body: { status: 'error', message: refusal } };
    await show(unscheduled('pick-day'));
    await type(control<HTMLInputElement>('Time'), '02:30');
    await click('Save my injection day');

    expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe(refusal);
    expect(control<HTMLInputElement>('Time').value).toBe('02:30');
    expect(button('Save my injection day')?.disabled).toBe(false);
  });

  it('checks the time before sending it', async () => {
    await show(unscheduled('pick-day'));
    await type(control<HTMLInputElement>('Time'), '');
    await click('Save my injection day');
    expect(text()).toContain('Give a time as HH:MM, for example 09:00');
    expect(sent('PUT', '/api/care/injection-day')).toEqual([]);
  });
});

describe('ThisWeekCard, scheduled', () => {
  it('shows the next injection in the saved time zone, its strength and the suggested site', async () => {
    await show(thisWeek());
    expect(card()!.querySelector('h2')?.textContent).toBe('This week');
    const rows = [...card()!.querySelectorAll('.care-next div')].map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Next injection', 'Sunday, Mar 15 at 9:00 AM'],
      ['Strength', '5 mg'],
      ['Suggested site', 'Thigh'],
    ]);
    expect(button('Change day')).toBeDefined();
    expect(button('I took my dose')).toBeDefined();
    expect(card()!.querySelector('.care-missed')).toBeNull();
    const steps = [...card()!.querySelectorAll('details ol li')].map((li) => li.textContent);
    expect(steps).toHaveLength(10);
    expect(steps[0]).toBe('Wash your hands with soap and water.');
    expect(steps[3]).toContain('Draw up exactly the amount on your pharmacy label');
    expect(steps[7]).toContain('Never reuse or share needles');
    expect(steps[8]).toContain('at least 2 inches from the belly button');
    expect(card()!.querySelector('details svg title')?.textContent).toContain('upper arm');
  });

  it("takes the current dose's strength when the next has none", async () => {
    await show(
      thisWeek({ next: { day: '2026-03-15', at: '2026-03-15T13:00:00.000Z', strength: null } }),
    );
    expect(text()).toContain('2.5 mg');
  });

  it('ticks a dose taken this week, with its day and site', async () => {
    await show(
      thisWeek({
        current: {
          day: '2026-03-08',
          at: '2026-03-08T13:00:00.000Z',
          strength: 2.5,
          logged: doseEntry({ taken_on: '2026-03-09', site: 'upper_arm' }),
        },
        missed_dose: null,
      }),
    );
    expect(card()!.querySelector('.care-taken')?.textContent).toBe(
      'Dose taken Monday, Mar 9 · Upper arm',
    );
    expect(card()!.querySelector('.care-taken svg')).not.toBeNull();
    expect(button('I took my dose')).toBeUndefined();
  });

  it('says what to do about a missed dose, with the button to log it', async () => {
    const advice =
      "You missed this week's tirzepatide dose. Take it as soon as you can, then take your next dose on your usual day.";
    await show(
      thisWeek({
        missed_in_a_row: 1,
        missed_dose: { action: 'take-now', take_by: '2026-03-12T13:00:00.000Z', text: advice },
      }),
    );
    const missed = card()!.querySelector<HTMLElement>('.care-missed')!;
    expect(missed.textContent).toBe(advice);
    expect(missed.dataset.action).toBe('take-now');
    expect(button('I took my dose')).toBeDefined();
  });

  it('warns when the clinician must see two missed weeks first', async () => {
    const advice =
      'You have missed 2 weekly doses in a row. Do not restart tirzepatide on your own: your clinician may need to start you again at a lower dose. We have let them know, and they will message you.';
    await show(
      thisWeek({
        missed_in_a_row: 2,
        missed_dose: { action: 'ask-clinician', take_by: null, text: advice },
      }),
    );
    const missed = card()!.querySelector<HTMLElement>('.care-missed')!;
    expect(missed.textContent).toBe(advice);
    expect(missed.dataset.action).toBe('ask-clinician');
  });

  it('changes the day: the form opens with the saved one, and Cancel goes back', async () => {
    await show(thisWeek());
    await click('Change day');
    expect(control<HTMLSelectElement>('Day of the week').value).toBe('sunday');
    expect(control<HTMLInputElement>('Time').value).toBe('09:00');
    expect(text()).toContain(
      'Doses need to stay at least 3 days apart (more than 2 days for semaglutide), so your first dose on the new day may be the week after.',
    );
    expect(button('Change day')).toBeUndefined();
    await click('Cancel');
    expect(view!.container.querySelector('form')).toBeNull();
    expect(text()).toContain('Sunday, Mar 15 at 9:00 AM');
  });
});

describe('ThisWeekCard, I took my dose', () => {
  it('posts the day, strength, site and weight for the order, then refreshes the card, log and weights', async () => {
    await show(thisWeek());
    client.setQueryData(['weight-history'], { weights: [] });
    client.setQueryData(['care', 'doses'], []);
    await click('I took my dose');

    const day = control<HTMLInputElement>('Day you took it');
    const today = dayInZone(new Date(), 'America/New_York');
    expect(day.type).toBe('date');
    expect(day.value).toBe(today);
    expect(day.max).toBe(today);
    expect(control<HTMLInputElement>('Strength (mg)').value).toBe('2.5');
    const site = control<HTMLSelectElement>('Where you injected');
    expect(site.value).toBe('thigh');
    expect([...site.options].map((o) => o.textContent)).toEqual([
      'Abdomen (stomach area)',
      'Thigh',
      'Upper arm',
    ]);

    await type(day, '2026-03-09');
    await choose(site, 'abdomen');
    await type(control<HTMLInputElement>('Your weight in lbs (optional)'), '182.4');
    week = {
      status: 200,
      body: thisWeek({
        current: {
          day: '2026-03-08',
          at: '2026-03-08T13:00:00.000Z',
          strength: 2.5,
          logged: doseEntry({ taken_on: '2026-03-09', site: 'abdomen', weight_lbs: 182.4 }),
        },
        suggested_site: 'thigh',
      }),
    };
    await click('Save my dose');

    expect(sent('POST', '/api/care/doses')).toEqual([
      { order_id: 7, taken_on: '2026-03-09', strength: 2.5, site: 'abdomen', weight_lbs: 182.4 },
    ]);
    expect(sent('GET', '/api/care/this-week')).toHaveLength(2);
    expect(client.getQueryState(['weight-history'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['care', 'doses'])?.isInvalidated).toBe(true);
    expect(view!.container.querySelector('form')).toBeNull();
    expect(card()!.querySelector('.care-taken')?.textContent).toBe(
      'Dose taken Monday, Mar 9 · Abdomen (stomach area)',
    );
  });

  it('sends no weight when none is given', async () => {
    await show(thisWeek());
    await click('I took my dose');
    await click('Save my dose');
    expect(sent('POST', '/api/care/doses')).toEqual([
      {
        order_id: 7,
        taken_on: dayInZone(new Date(), 'America/New_York'),
        strength: 2.5,
        site: 'thigh',
        weight_lbs: null,
      },
    ]);
  });

  it('checks the weight before sending it', async () => {
    await show(thisWeek());
    await click('I took my dose');
    await type(control<HTMLInputElement>('Your weight in lbs (optional)'), '20');
    await click('Save my dose');
    expect(text()).toContain('Give your weight in pounds (50 to 999)');
    expect(sent('POST', '/api/care/doses')).toEqual([]);
  });

  it("shows the server's refusal under the form and keeps what was typed", async () => {
    const refusal = 'You already logged a dose for this week.';
    logAnswer = { status: 400, body: { status: 'error', message: refusal } };
    await show(thisWeek());
    await click('I took my dose');
    await type(control<HTMLInputElement>('Your weight in lbs (optional)'), '181');
    await click('Save my dose');
    expect(view!.container.querySelector('form [role="alert"]')?.textContent).toBe(refusal);
    expect(control<HTMLInputElement>('Your weight in lbs (optional)').value).toBe('181');
    expect(card()!.querySelector('.care-taken')).toBeNull();
  });

  it("words a 400 that names its fields in the fields' own messages", async () => {
    logAnswer = {
      status: 400,
      body: {
        status: 'error',
        message: 'Invalid body: taken_on: Give the day you took it as YYYY-MM-DD',
        fields: [{ field: 'taken_on', message: 'Give the day you took it as YYYY-MM-DD' }],
      },
    };
    await show(thisWeek());
    await click('I took my dose');
    await click('Save my dose');
    expect(view!.container.querySelector('form [role="alert"]')?.textContent).toBe(
      'Give the day you took it as YYYY-MM-DD',
    );
  });
});

describe('ThisWeekCard, an open refill check-in', () => {
  it('lists it as the next step with its ship day and the button to its form', async () => {
    week = {
      status: 200,
      body: thisWeek({ refill_check_in: { order_id: 7, ship_on: '2026-03-17T19:00:00.000Z' } }),
    };
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    view = await render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <ThisWeekCard />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await settle();
    const step = view.container.querySelector<HTMLElement>('#refill-check-in');
    expect(step?.dataset.orderId).toBe('7');
    expect(step?.querySelector('h2')?.textContent).toBe('Next step: your refill check-in');
    expect(step?.textContent).toContain('Your next supply ships on Tuesday, Mar 17 once');
    expect(view.container.querySelector('#refill-check-in-start')?.getAttribute('href')).toBe(
      '/medical-form/7',
    );
    // The week's card is still there below it.
    expect(card()).not.toBeNull();
  });
});
