import {
  clinicMessages,
  sideEffectRedFlagLabels,
  type CaseView,
  type SideEffectReport,
} from '@clinic/contracts';
import { act } from 'react';
import { choose } from '../../intake/testing/dom';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, flush, ok, type FakeApi } from '../../verify/testing/harness';
import { typeText } from '../../medical-form/testing/harness';
import {
  buttonNamed,
  caseView,
  ME_ID,
  meAnswer,
  openConsole,
  summary,
  until,
  viewAnswer,
} from './testing';
import { defaultDirections } from './schedule';
import { when } from './format';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const text = () => root().textContent ?? '';

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer());
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

/** The control a visible label names. */
function labelled<T extends HTMLElement>(name: string): T {
  const label = [...root().querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
  const control = label && document.getElementById(label.htmlFor);
  if (!control) throw new Error(`No control labelled "${name}"`);
  return control as T;
}

const monthValues = () =>
  [...root().querySelectorAll<HTMLSelectElement>('.cd-month-grid select')].map((s) => s.value);

async function click(element: Element) {
  await act(async () => (element as HTMLElement).click());
  await flush();
}

const mine = { claimedBy: { id: ME_ID, name: 'Casey Clinician' } };

async function openCase(...answers: Parameters<FakeApi['on']>[1][]) {
  api.on('GET /api/console/cases/41', ...answers);
  view = await openConsole('/console/review-queue/41');
  await until(view, () => root().querySelector('.cv-head') !== null);
}

describe('a case', () => {
  it('shows the critical answers first, counted, with the patient and their history', async () => {
    await openCase(viewAnswer(caseView()));
    expect(root().querySelector('h1')?.textContent).toBe('Pat Patient');
    expect(root().querySelector('.cv-attention')?.textContent).toBe('2 answers need attention');
    const answers = [...root().querySelectorAll('.cv-answer')];
    expect(answers.map((a) => a.hasAttribute('data-critical'))).toEqual([true, true, false, false]);
    expect(answers[0]?.textContent).toContain('Have you ever had pancreatitis?');
    expect(answers[0]?.textContent).toContain('In 2019, resolved');
    expect(text()).toContain('Penicillin');
    expect(text()).toContain('33.9');
    expect(text()).toContain('Month 1: 0.25 mg · Month 2: 0.5 mg · Month 3: 1 mg');
    // How /verify checked the contacts.
    expect(root().querySelector('.cv-check--verified')?.textContent).toBe(' · verified');
    expect(root().querySelector('.cv-check--skipped')?.textContent).toBe(
      ' · not verified (skipped)',
    );
    // Not mine yet: no decision panel, a Claim button.
    expect(root().querySelector('.cd-panel')).toBeNull();
    expect(buttonNamed(root(), 'Claim')).toBeTruthy();
  });

  it('shows the other medical conditions in the health notes, and photos by short labels, never a storage name', async () => {
    await openCase(viewAnswer(caseView()));
    const health = root().querySelector('[aria-labelledby="cv-health"]');
    expect(health?.textContent).toContain('Other medical conditions');
    expect(health?.textContent).toContain('Sleep apnea, gallbladder removed in 2021');
    const photo = [...root().querySelectorAll('.cv-answer')].find((a) =>
      a.textContent?.includes('full-body photo'),
    );
    expect(photo?.querySelector('.cv-answer__a')?.textContent).toBe('Full-body photo (in Files)');
    const files = root().querySelector('.cv-files');
    expect(files?.textContent).toContain('Full-body photo');
    expect(text()).not.toContain('photo-1.jpg');
  });

  it("shows a new patient's messages as an empty thread, with no error and no reply before the record is open", async () => {
    api.on(
      'GET /api/console/doctor-messages/7',
      ok({
        status: 'success',
        thread: {
          userId: 7,
          patientName: 'Pat Patient',
          waitingSince: null,
          lastMessageAt: null,
          lastMessage: null,
          encounterId: null,
        },
        messages: [],
      }),
    );
    await openCase(viewAnswer(caseView()));
    const pane = () => root().querySelector('[aria-labelledby="cv-doctor-messages"]');
    await until(view!, () => pane()?.querySelector('.pm-thread') !== null);
    expect(pane()?.textContent).toContain('No messages yet.');
    expect(pane()?.textContent).not.toContain('could not load');
    expect(pane()?.querySelector('[role="alert"]')).toBeNull();
    expect(pane()?.querySelector('textarea')).toBeNull();
    expect(pane()?.textContent).toContain('claim their case first');
  });

  it('shows the note it sent the patient in the thread with them, as soon as the chat has it', async () => {
    const note = 'Before I decide: do you take any blood thinners?';
    const thread = (messages: unknown[]) =>
      ok({
        status: 'success',
        thread: {
          userId: 7,
          patientName: 'Pat Patient',
          waitingSince: null,
          lastMessageAt: messages.length ? '2026-11-24T12:00:00.000Z' : null,
          lastMessage: messages.length ? note : null,
          encounterId: 'E000000041',
        },
        messages,
      });
    const posted = {
      id: 3,
      message: note,
      in_out: 0,
      is_doctor: true,
      created_at: '2026-11-24T12:00:00.000Z',
      attachments: [],
      author: 'Dr. Casey Clinician',
    };
    // The chat posts the note an event after the decision: the first read is still empty.
    api.on('GET /api/console/doctor-messages/7', thread([]), thread([posted]));
    const asked = caseView(
      {
        messages: [
          { id: 9, from: 'clinician', by: 'Casey Clinician', body: note, at: posted.created_at },
        ],
      },
      mine,
    );
    // Only the interval is faked: React Query's refetchInterval runs on setInterval.
    jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout', 'queueMicrotask', 'Date'] });
    await openCase(
      viewAnswer({ ...asked, patient: { ...asked.patient, encounterId: 'E000000041' } }),
    );
    const pane = () => root().querySelector('[aria-labelledby="cv-doctor-messages"]');
    await until(view!, () => pane()?.querySelector('.pm-thread') !== null);
    expect(pane()?.textContent).toContain('No messages yet.');
    await act(async () => jest.advanceTimersByTime(2_100));
    await until(view!, () => pane()?.textContent?.includes(note) ?? false);
    expect(pane()?.textContent).toContain(note);
    expect(pane()?.textContent).not.toContain('No messages yet.');
    expect(pane()?.textContent).not.toContain('Not started yet');
    expect(pane()?.textContent).toContain('Dr. Casey Clinician');
    jest.useRealTimers();
  });

  it("says who holds the case when the claim is refused (409), in the server's words", async () => {
    await openCase(viewAnswer(caseView()));
    api.on(
      'POST /api/console/cases/41/claim',
      fail(409, clinicMessages.claimedBy('Casey Clinician')),
    );
    await click(buttonNamed(root(), 'Claim'));
    await until(view!, () => root().querySelector('[role="alert"]') !== null);
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      'Casey Clinician is reviewing this case.',
    );
    expect(root().querySelector('.cd-panel')).toBeNull();
  });

  it('claims the case and opens the decision panel', async () => {
    await openCase(viewAnswer(caseView()), viewAnswer(caseView({}, mine)));
    api.on('POST /api/console/cases/41/claim', ok({ status: 'success', case: summary(mine) }));
    await click(buttonNamed(root(), 'Claim'));
    await until(view!, () => root().querySelector('.cd-panel') !== null);
    expect(api.calls().filter((c) => c === 'GET /api/console/cases/41')).toHaveLength(2);
    expect(text()).toContain('You are reviewing this case.');
    expect(root().querySelector('[role="status"]')?.textContent).toBe('The case is yours.');
  });

  it('approves with the schedule the patient asked for, then reloads the case', async () => {
    await openCase(
      viewAnswer(caseView({}, mine)),
      viewAnswer(
        caseView({}, { ...mine, status: 'approved', decidedAt: '2026-11-24T12:00:00.000Z' }),
      ),
    );
    api.on(
      'POST /api/console/cases/41/approve',
      ok({ status: 'success', case: summary({ status: 'approved' }), prescription: undefined }),
    );
    expect(monthValues()).toEqual(['0.25', '0.5', '1']);
    expect(labelled<HTMLTextAreaElement>('Directions').value).toBe(defaultDirections);
    // A fourth month repeats the third; the vials follow the plan.
    await click(buttonNamed(root(), 'Add a month'));
    expect(monthValues()).toEqual(['0.25', '0.5', '1', '1']);
    await choose(labelled<HTMLSelectElement>('Month 4'), '1.7');
    // The monthly plan's first shipment carries 3 vials (3 months up front): so does the draft.
    expect(labelled<HTMLSelectElement>('Vials').value).toBe('3');
    await choose(labelled<HTMLSelectElement>('Vials'), '3');

    await click(buttonNamed(root(), 'Approve and send the prescription'));
    expect(api.sent('POST /api/console/cases/41/approve')).toEqual([
      {
        drug: 'semaglutide',
        doseSchedule: [0.25, 0.5, 1, 1.7],
        maintenanceDose: 1,
        directions: defaultDirections,
        vials: 3,
      },
    ]);
  });

  it('shows a toast and the decided case after an approval', async () => {
    const prescription = {
      prescriptionId: 'rx-1',
      orderId: 41,
      drug: 'semaglutide',
      doseSchedule: [0.25],
      maintenanceDose: null,
      directions: 'Inject.',
      vials: 1,
      items: [],
      status: 'pending',
      approvedBy: { id: ME_ID, name: 'Casey Clinician' },
      approvedAt: '2026-11-24T12:00:00.000Z',
      acceptedBy: null,
      acceptedAt: null,
    };
    await openCase(
      viewAnswer(caseView({}, mine)),
      viewAnswer(
        caseView(
          { prescriptions: [prescription as never] },
          { ...mine, status: 'approved', decidedAt: '2026-11-24T12:00:00.000Z' },
        ),
      ),
    );
    api.on(
      'POST /api/console/cases/41/approve',
      ok({ status: 'success', case: summary({ status: 'approved' }), prescription }),
    );
    await click(buttonNamed(root(), 'Approve and send the prescription'));
    await until(view!, () => root().querySelector('.cd-panel') === null);
    expect(root().querySelector('[role="status"]')?.textContent).toBe(
      'Approved. The prescription was sent to the patient.',
    );
    expect(root().querySelector('.cq-status')?.textContent).toBe('Approved');
    expect(text()).toContain('Approved by Casey Clinician');
  });

  it('refuses a schedule off the ladder before sending it', async () => {
    await openCase(viewAnswer(caseView({}, mine)));
    // 0.5 mg then 1.7 mg skips a step.
    await choose(labelled<HTMLSelectElement>('Month 3'), '1.7');
    expect(text()).toContain(clinicMessages.scheduleOffLadder);
    await click(buttonNamed(root(), 'Approve and send the prescription'));
    expect(api.calls()).not.toContain('POST /api/console/cases/41/approve');
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      clinicMessages.scheduleOffLadder,
    );
  });

  it("starts from the patient's adjustment, and follows a change of medication", async () => {
    await openCase(
      viewAnswer(
        caseView(
          {
            adjustment: {
              doseSchedule: [0.5, 1, 1.7],
              maintenanceDose: 2.4,
              submittedAt: '2026-11-24T09:00:00.000Z',
            },
          },
          { ...mine, adjustmentRequested: true },
        ),
      ),
    );
    expect(text()).toContain('Adjustment requested');
    expect(monthValues()).toEqual(['0.5', '1', '1.7']);
    expect(labelled<HTMLSelectElement>('Maintenance dose').value).toBe('2.4');

    await choose(labelled<HTMLSelectElement>('Medication'), 'tirzepatide');
    expect(monthValues()).toEqual(['2.5', '5', '7.5']);
    expect(labelled<HTMLTextAreaElement>('Directions').value).toBe(defaultDirections);
  });

  it("shows the server's message when the approval is refused", async () => {
    await openCase(viewAnswer(caseView({}, mine)));
    api.on('POST /api/console/cases/41/approve', fail(409, clinicMessages.videoMissing));
    await click(buttonNamed(root(), 'Approve and send the prescription'));
    expect(root().querySelector('.cd-panel [role="alert"]')?.textContent).toBe(
      clinicMessages.videoMissing,
    );
  });

  it('denies with the reason the patient will read', async () => {
    await openCase(viewAnswer(caseView({}, mine)));
    api.on('POST /api/console/cases/41/deny', ok({ status: 'success', case: summary() }));
    await click(buttonNamed(root(), 'Deny'));
    expect(text()).toContain('Shown to the patient');

    await click(buttonNamed(root(), 'Deny and refund'));
    expect(text()).toContain('Write the reason the patient will read.');
    expect(api.calls()).not.toContain('POST /api/console/cases/41/deny');

    await typeText(labelled<HTMLTextAreaElement>('Reason'), '  Your BMI is below our minimum.  ');
    await click(buttonNamed(root(), 'Deny and refund'));
    // A confirmation first: going back sends nothing.
    expect(root().querySelector('[role="alertdialog"]')?.textContent).toContain(
      "Deny Pat Patient's order?",
    );
    await click(buttonNamed(root(), 'Go back'));
    expect(root().querySelector('[role="alertdialog"]')).toBeNull();
    expect(api.calls()).not.toContain('POST /api/console/cases/41/deny');

    await click(buttonNamed(root(), 'Deny and refund'));
    await click(buttonNamed(root(), 'Yes, deny and refund'));
    expect(api.sent('POST /api/console/cases/41/deny')).toEqual([
      { reason: 'Your BMI is below our minimum.' },
    ]);
    expect(root().querySelector('[role="status"]')?.textContent).toContain('Denied.');
  });

  it('asks for a visit with a message', async () => {
    await openCase(viewAnswer(caseView({}, mine)));
    api.on('POST /api/console/cases/41/request', ok({ status: 'success', case: summary() }));
    await click(buttonNamed(root(), 'Ask for more'));
    const visit = [...root().querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (r) => r.value === 'visit',
    )!;
    await click(visit);
    await typeText(labelled<HTMLTextAreaElement>('Message to the patient'), 'Please book a visit.');
    await click(buttonNamed(root(), 'Send to the patient'));
    expect(api.sent('POST /api/console/cases/41/request')).toEqual([
      { kind: 'visit', message: 'Please book a visit.' },
    ]);
  });

  it('releases the case', async () => {
    await openCase(viewAnswer(caseView({}, mine)), viewAnswer(caseView()));
    api.on('POST /api/console/cases/41/release', ok({ status: 'success', case: summary() }));
    await click(buttonNamed(root(), 'Release'));
    await until(view!, () => root().querySelector('.cd-panel') === null);
    expect(api.calls()).toContain('POST /api/console/cases/41/release');
    expect(buttonNamed(root(), 'Claim')).toBeTruthy();
  });

  it('opens a photo inline and the video in a player', async () => {
    await openCase(viewAnswer(caseView()));
    api.on(
      'GET /api/console/cases/41/files/photo-1.jpg/read-url',
      ok({ status: 'success', url: '/files/signed/photo', expiresAt: '2026-11-24T12:05:00.000Z' }),
    );
    api.on(
      'GET /api/console/cases/41/files/id-video.webm/read-url',
      ok({ status: 'success', url: '/files/signed/video', expiresAt: '2026-11-24T12:05:00.000Z' }),
    );
    await click(buttonNamed(root(), 'Full-body photo'));
    expect(root().querySelector('.cv-viewer img')?.getAttribute('src')).toBe('/files/signed/photo');
    await click(buttonNamed(root(), '▶ Identity video'));
    expect(root().querySelector('.cv-viewer video')?.getAttribute('src')).toBe(
      '/files/signed/video',
    );
  });

  it("shows the server's message for an unknown case", async () => {
    await openCase(fail(404, clinicMessages.caseNotFound));
    await until(view!, () => root().querySelector('[role="alert"]') !== null);
    expect(root().querySelector('[role="alert"]')?.textContent).toBe('No case for this order.');
  });
});

describe('the order number on a case', () => {
  it('names this order and the earlier ones by the number the patient reads', async () => {
    await openCase(
      viewAnswer(
        caseView({ earlierOrders: [summary({ orderId: 7, status: 'accepted' })] }, { orderId: 41 }),
      ),
    );
    expect(root().querySelector('.cv-head .console-page__purpose')?.textContent).toMatch(
      /^Order #0041 · TX · /,
    );
    const earlier = [...root().querySelectorAll<HTMLAnchorElement>('.cv-list a')].find((a) =>
      a.textContent?.startsWith('Order '),
    );
    expect(earlier?.textContent).toBe('Order #0007');
    expect(earlier?.getAttribute('href')).toBe('/console/review-queue/7');
  });
});

describe('between shipments', () => {
  const report = (over: Partial<SideEffectReport>): SideEffectReport => ({
    id: 21,
    order_id: 41,
    symptom: 'stomach_pain',
    severity: 'severe',
    duration: 'under_1_day',
    red_flags: ['pain_does_not_go_away'],
    level: 'urgent',
    stop_medication: true,
    advice: 'Stop taking your medication and get urgent care now.',
    reported_at: '2026-12-05T12:00:00.000Z',
    due_at: '2026-12-05T16:00:00.000Z',
    answered_at: null,
    ...over,
  });
  const urgent = report({});
  const care = (answeredAt: string | null = null): CaseView['care'] => ({
    adherence: { weeks: 8, logged: 6, missed: 2, missedInARow: 2 },
    sideEffects: [
      { ...urgent, answered_at: answeredAt },
      report({
        id: 20,
        symptom: 'nausea',
        severity: 'mild',
        duration: '1_to_3_days',
        red_flags: [],
        level: 'self-care',
        stop_medication: false,
        reported_at: '2026-11-28T12:00:00.000Z',
        due_at: null,
      }),
      report({
        id: 19,
        symptom: 'vomiting',
        severity: 'moderate',
        duration: 'over_3_days',
        red_flags: [],
        level: 'clinician',
        stop_medication: false,
        reported_at: '2026-11-26T12:00:00.000Z',
        due_at: '2026-11-27T12:00:00.000Z',
        answered_at: '2026-11-26T18:00:00.000Z',
      }),
    ],
    weights: [{ at: '2026-12-06T12:00:00.000Z', pounds: 204 }],
  });
  const weights = [
    { at: '2026-11-24T12:00:00.000Z', pounds: 212 },
    { at: '2026-11-30T12:00:00.000Z', pounds: 208 },
    { at: '2026-12-06T12:00:00.000Z', pounds: 204 },
  ];
  const withCare = (answeredAt: string | null = null) =>
    viewAnswer(caseView({ care: care(answeredAt), weights }));
  const section = () => root().querySelector('[aria-labelledby="cv-care"]')!;
  const line = (name: string) =>
    section().querySelector(`[data-care="${name}"]`)?.textContent ?? null;
  const ANSWER = 'POST /api/console/cases/41/side-effects/21/answer';

  it('shows the doses, the side-effect reports and the weights above the assessment, a line each', async () => {
    await openCase(withCare());
    const titles = [...root().querySelectorAll('.cv-section__title')].map((h) => h.textContent);
    expect(titles.indexOf('Between shipments')).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf('Between shipments')).toBeLessThan(titles.indexOf('Answers'));

    expect(line('adherence')).toBe('Doses: 6 of 8 weeks logged, 2 missed (2 in a row)');
    expect(line('weights')).toBe('Weights: 212 lb (Nov 24) → 204 lb (Dec 6)');
    const reports = [...section().querySelectorAll('.cv-care__report')].map((r) => r.textContent);
    expect(reports).toEqual([
      `Dec 5 · Stomach pain · Severe · Less than a day · Urgent · Red flags: ${sideEffectRedFlagLabels.pain_does_not_go_away} · Answer by ${when('2026-12-05T16:00:00.000Z')}`,
      'Nov 28 · Nausea (feeling sick) · Mild · 1 to 3 days · Self-care',
      'Nov 26 · Vomiting (throwing up) · Moderate · More than 3 days · Within 24 h · Answered Nov 26',
    ]);
    expect(section().querySelector('.cq-badge--urgent')?.textContent).toBe('Urgent');
    // Only the unanswered report that needs a clinician has an Answer button; no claim needed.
    expect(
      [...section().querySelectorAll('button')].filter((b) => b.textContent === 'Answer'),
    ).toHaveLength(1);
    expect(buttonNamed(root(), 'Claim')).toBeTruthy();
    // No weeks missed waiting for an answer: no line for them.
    expect(line('missed-doses')).toBeNull();
  });

  it('says when the patient has no injection day yet, and shows no section before any care', async () => {
    await openCase(
      viewAnswer(
        caseView({
          care: {
            adherence: { weeks: 0, logged: 0, missed: 0, missedInARow: 0 },
            sideEffects: [],
            weights: [],
          },
        }),
      ),
    );
    expect(line('adherence')).toBe('No injection day yet');
    expect(line('side-effects')).toBe('Side effects: none reported');
    expect(line('weights')).toBe('Weights: 212 lb (Nov 20)');
    await view!.unmount();

    await openCase(viewAnswer(caseView()));
    expect(root().querySelector('[aria-labelledby="cv-care"]')).toBeNull();
  });

  it('sends the answer to the patient, then reloads the case', async () => {
    await openCase(withCare(), withCare('2026-12-05T13:00:00.000Z'));
    api.on(ANSWER, ok({ status: 'success', case: summary() }));
    await click(buttonNamed(section(), 'Answer'));
    await click(buttonNamed(section(), 'Send to patient'));
    expect(text()).toContain('Write the message for the patient.');
    expect(api.calls()).not.toContain(ANSWER);

    await typeText(
      labelled<HTMLTextAreaElement>('Answer to the patient'),
      '  Please stop your doses and go to urgent care now.  ',
    );
    await click(buttonNamed(section(), 'Send to patient'));
    expect(api.sent(ANSWER)).toEqual([
      { message: 'Please stop your doses and go to urgent care now.' },
    ]);
    await until(view!, () => root().querySelector('.cv-care__answer') === null);
    expect(root().querySelector('[role="status"]')?.textContent).toBe('Sent to the patient.');
    expect(api.calls().filter((c) => c === 'GET /api/console/cases/41')).toHaveLength(2);
    expect(section().querySelector('.cv-care__report')?.textContent).toContain('Answered Dec 5');
    expect(
      [...section().querySelectorAll('button')].filter((b) => b.textContent === 'Answer'),
    ).toHaveLength(0);
  });

  it("shows the server's message when the report was already answered (409)", async () => {
    await openCase(withCare());
    api.on(ANSWER, fail(409, clinicMessages.sideEffectAnswered));
    await click(buttonNamed(section(), 'Answer'));
    await typeText(labelled<HTMLTextAreaElement>('Answer to the patient'), 'Stop and get care.');
    await click(buttonNamed(section(), 'Send to patient'));
    expect(section().querySelector('[role="alert"]')?.textContent).toBe(
      'This side-effect report was already answered.',
    );
    // The answer is kept to copy or send again.
    expect(labelled<HTMLTextAreaElement>('Answer to the patient').value).toBe('Stop and get care.');
  });

  const missedDoses = { dueDay: '2026-12-06', missedInARow: 2, dueAt: '2026-12-08T14:00:00.000Z' };
  const flagged = (open: boolean) =>
    viewAnswer(
      caseView(
        { care: care('2026-12-05T13:00:00.000Z'), weights },
        { status: 'accepted', missedDoses: open ? missedDoses : null },
      ),
    );
  const MISSED = 'POST /api/console/cases/41/missed-doses/answer';
  const missedLine = () => section().querySelector('[data-care="missed-doses"]');

  it('shows the weeks missed in a row and answers them, then reloads the case', async () => {
    await openCase(flagged(true), flagged(false));
    api.on(MISSED, ok({ status: 'success', case: summary({ status: 'accepted' }) }));
    expect(missedLine()?.querySelector('.cv-care__missed')?.textContent).toBe(
      `2 weeks missed in a row — the patient was told not to resume on their own · Answer by ${when('2026-12-08T14:00:00.000Z')}`,
    );
    // Right under the doses line; no claim needed.
    const lines = [...section().querySelectorAll('[data-care]')].map((l) =>
      l.getAttribute('data-care'),
    );
    expect(lines.slice(0, 2)).toEqual(['adherence', 'missed-doses']);
    const answer = buttonNamed(missedLine()!, 'Answer');
    expect(answer.getAttribute('aria-label')).toBe('Answer the missed doses');

    await click(answer);
    await click(buttonNamed(missedLine()!, 'Send to patient'));
    expect(text()).toContain('Write the message for the patient.');
    expect(api.calls()).not.toContain(MISSED);
    await typeText(
      labelled<HTMLTextAreaElement>('Answer to the patient'),
      '  Please wait: we restart at 2.5 mg on Sunday.  ',
    );
    await click(buttonNamed(missedLine()!, 'Send to patient'));
    expect(api.sent(MISSED)).toEqual([{ message: 'Please wait: we restart at 2.5 mg on Sunday.' }]);
    await until(view!, () => missedLine() === null);
    expect(root().querySelector('[role="status"]')?.textContent).toBe('Sent to the patient.');
    expect(api.calls().filter((c) => c === 'GET /api/console/cases/41')).toHaveLength(2);
  });

  it("shows the server's message when the missed doses were already answered (409)", async () => {
    await openCase(flagged(true));
    api.on(MISSED, fail(409, clinicMessages.missedDosesAnswered));
    await click(buttonNamed(missedLine()!, 'Answer'));
    await typeText(labelled<HTMLTextAreaElement>('Answer to the patient'), 'Wait for my call.');
    await click(buttonNamed(missedLine()!, 'Send to patient'));
    expect(missedLine()?.querySelector('[role="alert"]')?.textContent).toBe(
      clinicMessages.missedDosesAnswered,
    );
    expect(labelled<HTMLTextAreaElement>('Answer to the patient').value).toBe('Wait for my call.');
    // Cancel puts the Answer button back.
    await click(buttonNamed(missedLine()!, 'Cancel'));
    expect(missedLine()?.querySelector('form')).toBeNull();
    expect(buttonNamed(missedLine()!, 'Answer')).toBeTruthy();
  });
});
