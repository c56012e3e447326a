import type { DoctorChatMessage, DoctorThread } from '@clinic/contracts';
import { act } from 'react';
import { typeText } from '../../medical-form/testing/harness';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, flush, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, caseView, meAnswer, openConsole, until, viewAnswer, where } from './testing';

let api: FakeApi;
let view: Rendered | undefined;
const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const root = () => view!.container;

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer());
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

function thread(over: Partial<DoctorThread> = {}): DoctorThread {
  return {
    userId: 7,
    patientName: 'Pat Patient',
    waitingSince: null,
    lastMessageAt: '2026-11-24T09:00:00.000Z',
    lastMessage: 'Thanks!',
    encounterId: 'enc-7',
    ...over,
  };
}

function message(over: Partial<DoctorChatMessage> = {}): DoctorChatMessage {
  return {
    id: 1,
    message: 'I feel nauseous after the shot.',
    in_out: 1,
    is_doctor: false,
    created_at: '2026-11-24T10:00:00.000Z',
    attachments: [],
    author: null,
    ...over,
  };
}

const threadAnswer = (t: DoctorThread, messages: DoctorChatMessage[]) =>
  ok({ status: 'success', thread: t, messages });

const waitingPat = thread({
  waitingSince: '2026-11-24T10:00:00.000Z',
  lastMessage: 'I feel nauseous after the shot.',
});
const patMessages = [
  message({
    attachments: [
      { url: 'https://files.test/rash.jpg?sig=1', type: 'image/jpeg', name: 'rash.jpg' },
    ],
  }),
];

const rows = () => [...root().querySelectorAll<HTMLAnchorElement>('.pm-row')];

describe('Patient messages', () => {
  it('lists the waiting threads oldest first with how long each waits', async () => {
    api.on(
      'GET /api/console/doctor-messages?view=waiting',
      ok({
        status: 'success',
        threads: [
          thread({
            userId: 8,
            patientName: 'Newer Nina',
            waitingSince: '2026-11-24T11:30:00.000Z',
            lastMessage: 'Quick question',
          }),
          thread({
            userId: 7,
            patientName: 'Older Otto',
            waitingSince: '2026-11-23T09:00:00.000Z',
            lastMessage: 'Is this normal?',
          }),
        ],
      }),
    );
    view = await openConsole('/console/patient-messages');
    await until(view, () => rows().length > 0);
    expect(root().querySelector('h1')?.textContent).toBe('Patient messages');
    expect(rows().map((r) => r.querySelector('.pm-row__name')?.textContent)).toEqual([
      'Older Otto',
      'Newer Nina',
    ]);
    expect(rows().map((r) => r.querySelector('.pm-row__when')?.textContent)).toEqual([
      'Waiting 1 d 3 h',
      'Waiting 30 min',
    ]);
    expect(rows()[0]!.querySelector('.pm-row__message')?.textContent).toBe('Is this normal?');
    expect(rows()[0]!.getAttribute('href')).toBe('/console/patient-messages/7');
  });

  it('says so when nobody waits, and shows All on its tab', async () => {
    api.on('GET /api/console/doctor-messages?view=waiting', ok({ status: 'success', threads: [] }));
    api.on(
      'GET /api/console/doctor-messages?view=all',
      ok({ status: 'success', threads: [thread()] }),
    );
    view = await openConsole('/console/patient-messages');
    await until(view, () => root().querySelector('.console-empty') !== null);
    expect(root().querySelector('.console-empty__title')?.textContent).toBe('No messages waiting');

    await act(async () => buttonNamed(root(), 'All').click());
    await until(view, () => rows().length > 0);
    expect(where(view)).toBe('/console/patient-messages?view=all');
    expect(rows()[0]!.querySelector('.pm-row__name')?.textContent).toBe('Pat Patient');
  });

  it("opens a thread with its files, and the clinician's reply posts and shows", async () => {
    api.on(
      'GET /api/console/doctor-messages?view=waiting',
      ok({ status: 'success', threads: [waitingPat] }),
    );
    api.on('GET /api/console/doctor-messages/7', threadAnswer(waitingPat, patMessages));
    const reply = message({
      id: 2,
      in_out: 0,
      is_doctor: true,
      author: 'Casey Clinician',
      message: 'Eat smaller meals; it usually settles in a week.',
      created_at: '2026-11-24T12:00:00.000Z',
    });
    api.on(
      'POST /api/console/doctor-messages/7',
      threadAnswer({ ...waitingPat, waitingSince: null }, [...patMessages, reply]),
    );
    view = await openConsole('/console/patient-messages/7');
    await until(view, () => root().querySelector('.pm-thread') !== null);

    const pane = root().querySelector('.pm-thread')!;
    expect(pane.querySelector('h2')?.textContent).toBe('Pat Patient');
    expect(pane.textContent).toContain('Waiting since');
    const items = () => [...pane.querySelectorAll('.thread-msg')];
    expect(items().map((li) => li.getAttribute('data-from'))).toEqual(['patient']);
    const link = items()[0]!.querySelector<HTMLAnchorElement>('a')!;
    expect(link.href).toBe('https://files.test/rash.jpg?sig=1');
    expect(link.textContent).toContain('rash.jpg');
    expect(rows()[0]!.getAttribute('aria-current')).toBe('page');

    const box = pane.querySelector<HTMLTextAreaElement>('textarea')!;
    await typeText(box, 'Eat smaller meals; it usually settles in a week.');
    expect(pane.textContent).toContain('48/2000');
    await act(async () => buttonNamed(pane, 'Send').click());
    await until(view, () => items().length === 2);

    expect(api.sent('POST /api/console/doctor-messages/7')).toEqual([
      { message: 'Eat smaller meals; it usually settles in a week.' },
    ]);
    expect(items().map((li) => li.getAttribute('data-from'))).toEqual(['patient', 'clinic']);
    expect(items()[1]!.textContent).toContain('Casey Clinician');
    expect(items()[1]!.textContent).toContain('Eat smaller meals');
    expect(box.value).toBe('');
    expect(pane.textContent).toContain('Answered');
  });

  it("shows the server's message when a reply is refused, and sends nothing blank", async () => {
    api.on(
      'GET /api/console/doctor-messages?view=waiting',
      ok({ status: 'success', threads: [waitingPat] }),
    );
    api.on('GET /api/console/doctor-messages/7', threadAnswer(waitingPat, patMessages));
    api.on('POST /api/console/doctor-messages/7', fail(400, 'At most 2000 characters'));
    view = await openConsole('/console/patient-messages/7');
    await until(view, () => root().querySelector('.pm-thread') !== null);
    const pane = root().querySelector('.pm-thread')!;

    await act(async () => buttonNamed(pane, 'Send').click());
    await flush();
    expect(api.sent('POST /api/console/doctor-messages/7')).toEqual([]);
    expect(pane.querySelector('[role="alert"]')?.textContent).toBe('Please write a message.');

    await typeText(pane.querySelector('textarea')!, 'Hello');
    await act(async () => buttonNamed(pane, 'Send').click());
    await until(view, () => api.sent('POST /api/console/doctor-messages/7').length === 1);
    await flush();
    expect(pane.querySelector('[role="alert"]')?.textContent).toBe('At most 2000 characters');
    expect(pane.querySelector('textarea')!.value).toBe('Hello');

    await typeText(pane.querySelector('textarea')!, 'x'.repeat(2001));
    expect(buttonNamed(pane, 'Send').disabled).toBe(true);
    expect(pane.textContent).toContain('2001/2000');
  });

  it("shows the patient's thread on the case view, with the reply box", async () => {
    api.on('GET /api/console/cases/41', viewAnswer(caseView()));
    api.on('GET /api/console/doctor-messages/7', threadAnswer(waitingPat, patMessages));
    view = await openConsole('/console/review-queue/41');
    await until(view, () => root().querySelector('.pm-thread') !== null);
    const section = root().querySelector<HTMLElement>(
      'section[aria-labelledby="cv-doctor-messages"]',
    )!;
    expect(section.querySelector('h2')?.textContent).toBe('Messages with the patient');
    expect(section.textContent).toContain('I feel nauseous after the shot.');
    expect(section.querySelector('textarea')).not.toBeNull();
  });
});
