import {
  doctorChatLimits,
  doctorMessages,
  type DoctorChatMessage,
  type DoctorThread,
} from '@clinic/contracts';
import { act } from 'react';
import { FakeXhr, installFakeXhr } from '../../test-utils/xhr';
import { chooseFile, typeText } from '../../medical-form/testing/harness';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, flush, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until } from './testing';

let api: FakeApi;
let view: Rendered | undefined;
const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const root = () => view!.container;

const waiting: DoctorThread = {
  userId: 7,
  patientName: 'Pat Patient',
  waitingSince: '2026-11-24T10:00:00.000Z',
  lastMessageAt: '2026-11-24T10:00:00.000Z',
  lastMessage: 'How do I store the pen?',
  encounterId: 'enc-7',
};
const question: DoctorChatMessage = {
  id: 1,
  message: 'How do I store the pen?',
  in_out: 1,
  is_doctor: false,
  created_at: '2026-11-24T10:00:00.000Z',
  attachments: [],
  author: null,
};
const answer: DoctorChatMessage = {
  id: 2,
  message: 'See the instructions.',
  in_out: 0,
  is_doctor: true,
  created_at: '2026-11-24T12:00:00.000Z',
  attachments: [
    { url: 'https://files.test/instructions.pdf?sig=1', type: 'pdf', name: 'instructions.pdf' },
  ],
  author: 'Casey Clinician',
};
const threadAnswer = (t: DoctorThread, messages: DoctorChatMessage[]) =>
  ok({ status: 'success', thread: t, messages });

const UPLOAD = 'POST /api/console/patients/7/attachment-upload';
const REPLY = 'POST /api/console/doctor-messages/7';
const signed = (n: number) =>
  ok({
    success: true,
    url: `https://store.test/put/${n}`,
    upload_url: `https://store.test/put/${n}`,
    file_name: `abc_doctor-reply_${n}.pdf`,
  });

beforeEach(() => {
  localStorage.clear();
  // The storage takes every signed PUT.
  installFakeXhr(200);
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer());
  api.on(
    'GET /api/console/doctor-messages?view=waiting',
    ok({ status: 'success', threads: [waiting] }),
  );
  api.on('GET /api/console/doctor-messages/7', threadAnswer(waiting, [question]));
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

async function open() {
  view = await openConsole('/console/patient-messages/7');
  await until(view, () => root().querySelector('.pm-thread') !== null);
  return root().querySelector<HTMLElement>('.pm-thread')!;
}
const fileInput = (pane: HTMLElement) =>
  pane.querySelector<HTMLInputElement>('input[type="file"]')!;
const chips = (pane: HTMLElement) =>
  [...pane.querySelectorAll('[aria-label="Files to send"] .doctor-file__name')].map(
    (n) => n.textContent,
  );
/** The JSON bodies of one call (api.sent would parse the PUT's file too). */
const sent = (call: string) =>
  api.fetch.mock.calls
    .filter(([to, init]) => `${init?.method ?? 'GET'} ${String(to)}` === call)
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
const pdf = (name = 'instructions.pdf') =>
  new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe("DoctorThreadPane: the clinician's files", () => {
  it('attaches a PDF, uploads it for the patient, PUTs it with its type and posts the reply with it', async () => {
    api.on(UPLOAD, signed(1));
    api.on(REPLY, threadAnswer({ ...waiting, waitingSince: null }, [question, answer]));
    const pane = await open();
    const attach = pane.querySelector<HTMLButtonElement>('button[aria-label="Attach a file"]')!;
    expect(attach).not.toBeNull();
    expect(fileInput(pane).accept).toBe(
      doctorChatLimits.acceptedTypes.map((t) => `.${t}`).join(','),
    );

    await chooseFile(fileInput(pane), pdf());
    expect(chips(pane)).toEqual(['instructions.pdf']);
    await typeText(pane.querySelector('textarea')!, 'See the instructions.');
    await act(async () => buttonNamed(pane, 'Send').click());
    await until(view!, () => sent(REPLY).length === 1);
    await flush();

    expect(sent(UPLOAD)).toEqual([
      { filename: `doctor-reply_${NOW}_instructions.pdf`, content_type: 'application/pdf' },
    ]);
    const [put] = FakeXhr.sent;
    expect([put!.method, put!.url]).toEqual(['PUT', 'https://store.test/put/1']);
    expect(put!.headers['Content-Type']).toBe('application/pdf');
    expect(sent(REPLY)).toEqual([
      {
        message: 'See the instructions.',
        attachments: [
          { url: 'abc_doctor-reply_1.pdf', type: 'application/pdf', name: 'instructions.pdf' },
        ],
      },
    ]);
    expect(pane.querySelector('[aria-label="Files to send"]')).toBeNull();
    expect(pane.querySelector('textarea')!.value).toBe('');
    const link = pane.querySelector<HTMLAnchorElement>('[data-from="clinic"] a')!;
    expect(link.href).toBe('https://files.test/instructions.pdf?sig=1');
    expect(link.textContent).toContain('instructions.pdf');
  });

  it('sends a file without text, and removes a chip before sending', async () => {
    api.on(UPLOAD, signed(2));
    api.on(REPLY, threadAnswer({ ...waiting, waitingSince: null }, [question]));
    const pane = await open();
    await chooseFile(fileInput(pane), pdf('first.pdf'));
    await chooseFile(fileInput(pane), pdf('second.pdf'));
    expect(chips(pane)).toEqual(['first.pdf', 'second.pdf']);
    await act(async () =>
      pane.querySelector<HTMLButtonElement>('[aria-label="Remove first.pdf"]')!.click(),
    );
    expect(chips(pane)).toEqual(['second.pdf']);

    await act(async () => buttonNamed(pane, 'Send').click());
    await until(view!, () => sent(REPLY).length === 1);
    expect(sent(UPLOAD)).toHaveLength(1);
    expect(sent(REPLY)).toEqual([
      {
        message: '',
        attachments: [
          { url: 'abc_doctor-reply_2.pdf', type: 'application/pdf', name: 'second.pdf' },
        ],
      },
    ]);
  });

  it('alerts a file over 5 MB with its name, or of a type not accepted, and keeps it out', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const pane = await open();
    const big = pdf('scan.pdf');
    Object.defineProperty(big, 'size', { value: doctorChatLimits.attachmentMaxBytes + 1 });
    await chooseFile(fileInput(pane), big);
    expect(alert).toHaveBeenCalledWith(doctorMessages.tooLarge('scan.pdf'));
    expect(alert).toHaveBeenCalledWith('File "scan.pdf" is too large. Maximum size is 5 MB.');
    await chooseFile(
      fileInput(pane),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    );
    expect(alert).toHaveBeenLastCalledWith(doctorMessages.typeNotAllowed);
    expect(pane.querySelector('[aria-label="Files to send"]')).toBeNull();
  });

  it('takes at most 5 files, then the attach button is disabled', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const pane = await open();
    for (let i = 1; i <= 6; i++) await chooseFile(fileInput(pane), pdf(`f${i}.pdf`));
    expect(alert).toHaveBeenCalledWith(doctorMessages.tooManyFiles);
    expect(chips(pane)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf', 'f5.pdf']);
    expect(
      pane.querySelector<HTMLButtonElement>('button[aria-label="Attach a file"]')!.disabled,
    ).toBe(true);
  });

  it("says an upload failed (the server's reason when it gives one), posts nothing and keeps the file", async () => {
    api.on(UPLOAD, fail(500), fail(400, doctorMessages.typeNotAllowed));
    const pane = await open();
    await chooseFile(fileInput(pane), pdf());
    await typeText(pane.querySelector('textarea')!, 'See attached.');
    await act(async () => buttonNamed(pane, 'Send').click());
    await until(view!, () => pane.querySelector('[role="alert"]') !== null);
    expect(pane.querySelector('[role="alert"]')?.textContent).toBe(doctorMessages.uploadFailed);
    expect(sent(REPLY)).toEqual([]);
    expect(chips(pane)).toEqual(['instructions.pdf']);
    expect(pane.querySelector('textarea')!.value).toBe('See attached.');

    await act(async () => buttonNamed(pane, 'Send').click());
    await until(
      view!,
      () => pane.querySelector('[role="alert"]')?.textContent === doctorMessages.typeNotAllowed,
    );
    expect(pane.querySelector('[role="alert"]')?.textContent).toBe(doctorMessages.typeNotAllowed);
    expect(sent(REPLY)).toEqual([]);
  });
});
