import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SideEffectReport, ThisWeek } from '@clinic/contracts';
import { setSession } from '../../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { DoseLog } from './DoseLog';
import { sideEffectReport, thisWeek, unscheduled } from './fixtures';
import { ThisWeekCard } from './ThisWeekCard';

let view: Rendered | undefined;
let fetchMock: FetchMock;
/** What GET /api/care/this-week answers. */
let week: ThisWeek;
/** What POST /api/care/side-effects answers: by default, the report triaged as the server does. */
let reportAnswer: { status: number; body: unknown } | null;

async function settle() {
  for (let i = 0; i < 6; i++)
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
}

async function show(ui = <ThisWeekCard />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  await settle();
  return view.container;
}

const text = () => view!.container.textContent ?? '';
const button = (name: string) =>
  [...view!.container.querySelectorAll('button')].find((b) => b.textContent === name);
const form = () => view!.container.querySelector<HTMLElement>('.care-effect');
function control<T extends HTMLElement>(label: string): T {
  const found = [...view!.container.querySelectorAll('label')].find((l) => l.textContent === label);
  const el = found && (found.querySelector('input') ?? document.getElementById(found.htmlFor));
  if (!el) throw new Error(`no control labelled "${label}"`);
  return el as T;
}
/** The legend and the option labels of each group of choices in the form. */
const groups = () =>
  [...form()!.querySelectorAll('fieldset')].map((f) => [
    f.querySelector('legend')?.textContent,
    ...[...f.querySelectorAll('label')].map((l) => l.textContent),
  ]);
async function choose(select: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
async function tick(label: string) {
  const input = control<HTMLInputElement>(label);
  await act(async () => input.click());
}
async function click(name: string) {
  const found = button(name);
  if (!found) throw new Error(`no button "${name}"`);
  await act(async () => found.click());
  await settle();
}
/** Opens the form from the card and answers it. */
async function report(symptom: string, severity: string, duration: string, flags: string[] = []) {
  await click('Report a side effect');
  await choose(control<HTMLSelectElement>('What are you noticing?'), symptom);
  await tick(severity);
  await tick(duration);
  for (const flag of flags) await tick(flag);
  await click('Send to my care team');
}
/** The bodies of POST /api/care/side-effects. */
const sent = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/care/side-effects' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);

const mild = 'Mild: I notice it, but I can do my usual things';
const moderate = 'Moderate: it gets in the way of my day';
const severe = 'Severe: I cannot do my usual things';

beforeEach(() => {
  setSession(testSession({ token: 't' }));
  week = thisWeek();
  reportAnswer = null;
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === '/api/care/this-week') return jsonResponse(200, week);
    if (path === '/api/care/doses') return jsonResponse(200, { doses: [] });
    if (path === '/api/care/side-effects' && method === 'POST') {
      if (reportAnswer) return jsonResponse(reportAnswer.status, reportAnswer.body);
      const body = JSON.parse(String(init?.body)) as Parameters<typeof sideEffectReport>[0];
      return jsonResponse(201, { report: sideEffectReport(body) });
    }
    return jsonResponse(404, { status: 'error', message: 'Not found' });
  });
});
afterEach(async () => {
  jest.restoreAllMocks();
  await view?.unmount();
  view = undefined;
});

describe('Report a side effect: the form', () => {
  it("opens from the card with the contract's choices, none chosen and no sign ticked", async () => {
    await show();
    expect(form()).toBeNull();
    await click('Report a side effect');

    expect(form()!.querySelector('h3')?.textContent).toBe('Report a side effect');
    expect(document.activeElement).toBe(form()!.querySelector('h3'));
    const symptom = control<HTMLSelectElement>('What are you noticing?');
    expect(symptom.value).toBe('');
    expect([...symptom.options].map((o) => o.textContent)).toEqual([
      'Choose one',
      'Nausea (feeling sick)',
      'Vomiting (throwing up)',
      'Diarrhea',
      'Constipation',
      'Stomach pain',
      'Redness, itching or a lump where I injected',
      'Dizziness',
      'Low mood',
      'Something else',
    ]);
    expect(groups()).toEqual([
      ['How bad is it?', mild, moderate, severe],
      ['How long has it lasted?', 'Less than a day', '1 to 3 days', 'More than 3 days'],
      [
        'Do you have any of these?',
        'Stomach pain that does not go away, with or without vomiting, that may reach your back',
        'Vomiting or diarrhea with little or dark urine, a very dry mouth, or feeling faint when you stand',
        'A swollen face, lips, tongue or throat, or trouble breathing',
        'Yellow skin or yellow whites of the eyes',
        'Thoughts of harming yourself or ending your life',
        'Feeling shaky, sweaty, confused or very hungry (low blood sugar)',
        'A lump or swelling in your neck, a hoarse voice or trouble swallowing',
        'Changes in your eyesight',
        'A fast or pounding heartbeat while resting',
      ],
    ]);
    expect(text()).toContain('None of these? Leave them all unticked.');
    const inputs = [...form()!.querySelectorAll<HTMLInputElement>('fieldset input')];
    expect(inputs).toHaveLength(15);
    expect(inputs.filter((i) => i.checked)).toEqual([]);

    await click('Cancel');
    expect(form()).toBeNull();
    expect(document.activeElement).toBe(button('Report a side effect'));
  });

  it("posts the exact body for the card's order, the signs in the list's order", async () => {
    await show();
    await report('vomiting', moderate, '1 to 3 days', [
      'Yellow skin or yellow whites of the eyes',
      'Vomiting or diarrhea with little or dark urine, a very dry mouth, or feeling faint when you stand',
    ]);
    expect(sent()).toEqual([
      {
        order_id: 7,
        symptom: 'vomiting',
        severity: 'moderate',
        duration: '1_to_3_days',
        red_flags: ['dehydration', 'yellow_skin_or_eyes'],
      },
    ]);
  });

  it('refuses a missing symptom, severity and duration without sending anything', async () => {
    await show();
    await click('Report a side effect');
    await click('Send to my care team');
    expect(sent()).toEqual([]);
    const errors = [...form()!.querySelectorAll('.field__error')].map((p) => p.textContent);
    expect(errors).toEqual([
      'Choose a symptom from the list',
      'Choose mild, moderate or severe',
      'Choose how long it has lasted',
    ]);
    expect(document.activeElement).toBe(control('What are you noticing?'));

    await choose(control<HTMLSelectElement>('What are you noticing?'), 'nausea');
    await tick(mild);
    await click('Send to my care team');
    expect(sent()).toEqual([]);
    expect([...form()!.querySelectorAll('.field__error')].map((p) => p.textContent)).toEqual([
      'Choose how long it has lasted',
    ]);
    expect(document.activeElement).toBe(control('Less than a day'));
  });

  it("shows a 400's message under the button and keeps the answers", async () => {
    reportAnswer = {
      status: 400,
      body: {
        status: 'error',
        message: 'Invalid body: symptom: Choose a symptom from the list',
        fields: [{ field: 'symptom', message: 'Choose a symptom from the list' }],
      },
    };
    await show();
    await report('nausea', mild, 'Less than a day');
    expect(form()!.querySelector('form [role="alert"]')?.textContent).toBe(
      'Choose a symptom from the list',
    );
    expect(control<HTMLSelectElement>('What are you noticing?').value).toBe('nausea');
    expect(button('Send to my care team')?.disabled).toBe(false);
  });

  it("shows a 404's message (an order that is not the patient's)", async () => {
    reportAnswer = { status: 404, body: { status: 'error', message: 'Order not found' } };
    await show();
    await report('nausea', mild, 'Less than a day');
    expect(form()!.querySelector('form [role="alert"]')?.textContent).toBe('Order not found');
  });
});

describe('Report a side effect: the answer', () => {
  it('severe stomach pain: stop, call 911, the clinician within 4 hours', async () => {
    await show();
    await report('stomach_pain', severe, 'Less than a day');

    expect(form()!.querySelector('form')).toBeNull();
    const alert = form()!.querySelector<HTMLElement>('[role="alert"]')!;
    expect(alert.querySelector('h3')?.textContent).toBe('Stop your medication and get help now');
    expect(document.activeElement).toBe(alert.querySelector('h3'));
    const { advice } = sideEffectReport({
      symptom: 'stomach_pain',
      severity: 'severe',
      duration: 'under_1_day',
      red_flags: [],
    });
    expect(advice).toContain('pancreatitis');
    expect(alert.textContent).toContain(advice);
    const calls = [...alert.querySelectorAll('a')].map((a) => [a.textContent, a.href]);
    expect(calls).toEqual([['Call 911', 'tel:911']]);
    expect(alert.textContent).toContain(
      'Your clinician has been told and will contact you within 4 hours.',
    );

    await click('Done');
    expect(form()).toBeNull();
    expect(button('Report a side effect')).toBeDefined();
  });

  it('thoughts of self-harm: the 988 line as well as 911', async () => {
    await show();
    await report('low_mood', moderate, 'More than 3 days', [
      'Thoughts of harming yourself or ending your life',
    ]);
    const alert = form()!.querySelector<HTMLElement>('[role="alert"]')!;
    expect([...alert.querySelectorAll('a')].map((a) => [a.textContent, a.href])).toEqual([
      ['Call 911', 'tel:911'],
      ['Call or text 988', 'tel:988'],
    ]);
  });

  it("a clinician's review: the advice and when to expect it, in the browser's time zone", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'America/Chicago' };
    });
    await show();
    await report('nausea', moderate, '1 to 3 days');

    const answer: SideEffectReport = sideEffectReport({
      symptom: 'nausea',
      severity: 'moderate',
      duration: '1_to_3_days',
      red_flags: [],
    });
    expect(answer.due_at).toBe('2026-03-10T15:00:00.000Z');
    expect(form()!.querySelector('[role="alert"]')).toBeNull();
    expect(form()!.querySelector('h3')?.textContent).toBe('Your clinician will review this');
    expect(text()).toContain(answer.advice);
    expect(form()!.querySelector('.care-effect__due')?.textContent).toBe(
      'Expect their answer by Tuesday, Mar 10 at 10:00 AM.',
    );
  });

  it('mild and short: what helps', async () => {
    await show();
    await report('constipation', mild, 'Less than a day');
    expect(form()!.querySelector('[role="alert"]')).toBeNull();
    expect(form()!.querySelector('h3')?.textContent).toBe('What helps');
    expect(text()).toContain('Drink more water, add fiber');
    expect(form()!.querySelector('a')).toBeNull();
    await click('Done');
    expect(form()).toBeNull();
  });
});

describe('Report a side effect: where it is offered', () => {
  it('on the card once the medication has arrived, not while it is on its way', async () => {
    week = unscheduled('pick-day');
    await show();
    expect(button('Report a side effect')).toBeDefined();
    await view!.unmount();

    week = unscheduled('awaiting-delivery');
    await show();
    expect(button('Report a side effect')).toBeUndefined();
  });

  it('not without an order', async () => {
    week = thisWeek({ order_id: null });
    await show();
    expect(view!.container.querySelector('.care-card')).not.toBeNull();
    expect(button('Report a side effect')).toBeUndefined();
  });

  it("under the Dosage tab's dose log, for the this-week order", async () => {
    await show(<DoseLog headingId="doses" />);
    await report('nausea', mild, 'Less than a day');
    expect(sent()).toEqual([
      { order_id: 7, symptom: 'nausea', severity: 'mild', duration: 'under_1_day', red_flags: [] },
    ]);
    expect(form()!.querySelector('h5')?.textContent).toBe('What helps');
  });

  it('not in the dose log when the this-week answer has no order', async () => {
    week = unscheduled('none');
    week.order_id = null;
    await show(<DoseLog headingId="doses" />);
    expect(text()).toContain('No doses logged yet.');
    expect(button('Report a side effect')).toBeUndefined();
  });
});
