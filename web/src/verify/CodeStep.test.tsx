import { act } from 'react';
import { verificationMessages } from '@clinic/contracts';
import type { Rendered } from '../test-utils/render';
import { render } from '../test-utils/render';
import { setSession } from '../session/session';
import { CodeStep } from './CodeStep';
import {
  $,
  advance,
  alertText,
  click,
  codeSent,
  fail,
  fakeApi,
  flush,
  heading,
  keyDown,
  ok,
  paste,
  statusText,
  submit,
  type,
  type FakeApi,
} from './testing/harness';
import { testSession } from '../test-utils/session';

let api: FakeApi;
let view: Rendered | undefined;
let onDone: jest.Mock;

const root = () => view!.container;
const box = (n: number) => $<HTMLInputElement>(root(), `#verify-digit-${n}`);
const boxes = () => [1, 2, 3, 4].map((n) => box(n).value).join('');
const verifyButton = () => $<HTMLButtonElement>(root(), '#verify-submit');
const resendButton = () => $<HTMLButtonElement>(root(), '#verify-resend');
const timerText = () => root().querySelector('#verify-resend-timer')?.textContent ?? null;
const skipLink = () => $<HTMLButtonElement>(root(), '#verify-skip');
const codeForm = () => $<HTMLFormElement>(root(), '#verify-code-form');

async function open(kind: 1 | 2 = 1) {
  view = await render(<CodeStep type={kind} onDone={onDone} />);
  await flush();
}

async function enter(code: string) {
  await paste(box(1), code);
}

async function wrongCode(message?: string) {
  api.on('POST /api/verify-code', fail(422, message, { attempts_left: 3 }));
  await enter('1111');
  await submit(codeForm());
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  setSession(testSession({ token: 't', id: 7 }));
  api = fakeApi();
  api.on('POST /api/send-code/1', codeSent());
  api.on('POST /api/send-code/2', codeSent('j***@example.com'));
  onDone = jest.fn();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
});

describe('CodeStep, arrival', () => {
  it('sends a phone code once and says where it went', async () => {
    await open();
    expect(api.sent('POST /api/send-code/1')).toEqual([undefined]);
    expect(heading(root())).toBe('Verify your phone number');
    expect($(root(), '#verify-sent-to').textContent).toBe('We sent a 4-digit code to ***-***-1234');
    expect(document.activeElement).toBe(box(1));
  });

  it('shows the server message, else the first-send text, when the first send fails', async () => {
    api.on('POST /api/send-code/1', fail(503, 'SMS provider is down.'));
    await open();
    expect(alertText(root())).toBe('SMS provider is down.');
    await view!.unmount();

    api.on('POST /api/send-code/1', fail(500));
    await open();
    expect(alertText(root())).toBe(verificationMessages.sendVerificationCodeFailed);
    await view!.unmount();

    api.on('POST /api/send-code/1', 'network');
    await open();
    expect(alertText(root())).toBe(verificationMessages.sendVerificationCodeFailed);
  });

  it('keeps the code screen on a 429 (a code is still fresh, as after a reload): only the countdown, no error', async () => {
    api.on(
      'POST /api/send-code/1',
      fail(429, 'Resend available in 42 seconds.', { resend_in: 42 }),
    );
    await open();
    expect(root().querySelector('[role="alert"]')).toBeNull();
    expect(root().textContent).not.toContain('Resend available in 42 seconds.');
    expect($(root(), '#verify-sent-to').textContent).toBe(
      'Enter the 4-digit code we sent to your phone.',
    );
    expect(root().querySelector('#verify-code-form')).not.toBeNull();
    expect(resendButton().disabled).toBe(true);
    expect(timerText()).toBe('Resend available in 42s');
  });
});

describe('CodeStep, the four boxes', () => {
  beforeEach(open);

  it('rejects non-digits and moves on after a digit', async () => {
    await type(box(1), 'a');
    expect(box(1).value).toBe('');
    expect(document.activeElement).toBe(box(1));
    await type(box(1), '4');
    expect(box(1).value).toBe('4');
    expect(document.activeElement).toBe(box(2));
    await type(box(2), '-');
    expect(box(2).value).toBe('');
  });

  it('goes back and clears the previous box on Backspace in an empty box', async () => {
    await type(box(1), '4');
    await type(box(2), '2');
    expect(document.activeElement).toBe(box(3));
    await keyDown(box(3), 'Backspace');
    expect(document.activeElement).toBe(box(2));
    expect(boxes()).toBe('4');
  });

  it('enables Verify only when all four are filled', async () => {
    expect(verifyButton().disabled).toBe(true);
    for (const [n, digit] of [
      [1, '1'],
      [2, '2'],
      [3, '3'],
    ] as const) {
      await type(box(n), digit);
      expect(verifyButton().disabled).toBe(true);
    }
    await type(box(4), '4');
    expect(verifyButton().disabled).toBe(false);
  });

  it('fills every box from a pasted code', async () => {
    await paste(box(3), '12-34');
    expect(boxes()).toBe('1234');
    expect(verifyButton().disabled).toBe(false);
  });

  it('takes a whole code autofilled into the first box', async () => {
    await type(box(1), '9876');
    expect(boxes()).toBe('9876');
  });

  it('marks the boxes for assistive tech and SMS autofill', () => {
    expect([1, 2, 3, 4].map((n) => box(n).getAttribute('aria-label'))).toEqual([
      'Digit 1',
      'Digit 2',
      'Digit 3',
      'Digit 4',
    ]);
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(2).getAttribute('inputmode')).toBe('numeric');
  });
});

describe('CodeStep, checking the code', () => {
  it('sends type and code, and goes on when it is right', async () => {
    api.on('POST /api/verify-code', ok({ status: 'success', message: 'Phone number verified.' }));
    await open();
    await enter('4821');
    await submit(codeForm());
    expect(api.sent('POST /api/verify-code')).toEqual([{ type: 1, code: '4821' }]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('sends the code once on a double submit', async () => {
    api.on('POST /api/verify-code', 'hang');
    await open();
    await enter('4821');
    await act(async () => {
      codeForm().requestSubmit();
      codeForm().requestSubmit();
    });
    await flush();
    expect(api.sent('POST /api/verify-code')).toHaveLength(1);
  });

  it('clears the digits, focuses the first box and shows the server message when wrong', async () => {
    await open();
    await wrongCode('That code is not right. 3 tries left.');
    expect(boxes()).toBe('');
    expect(document.activeElement).toBe(box(1));
    expect(alertText(root())).toBe('That code is not right. 3 tries left.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('falls back to the spec texts without a server message', async () => {
    await open();
    await wrongCode();
    expect(alertText(root())).toBe(verificationMessages.invalidCode);

    api.on('POST /api/verify-code', 'network');
    await enter('1234');
    await submit(codeForm());
    expect(alertText(root())).toBe(verificationMessages.verifyFailed);
    expect(boxes()).toBe('');
  });

  it('flags the skip option from the second failed attempt', async () => {
    await open();
    expect(root().querySelector('.verify-skip--flagged')).toBeNull();
    await wrongCode('Wrong code.');
    expect(root().querySelector('.verify-skip--flagged')).toBeNull();
    expect(root().textContent).not.toContain('Having trouble?');
    await wrongCode('Wrong code.');
    expect(root().querySelector('.verify-skip--flagged')).not.toBeNull();
    expect(skipLink().dataset.flagged).toBe('true');
    expect($(root(), '#verify-skip-hint').textContent).toBe(
      'Having trouble? You can skip this step.',
    );
  });
});

describe('CodeStep, skipping', () => {
  it('always shows Skip verification; it records the skip and goes on', async () => {
    api.on(
      'POST /api/skip-verification',
      ok({ status: 'success', message: 'Verification skipped.' }),
    );
    await open();
    expect(skipLink().textContent).toBe('Skip verification');
    await click(skipLink());
    expect(api.sent('POST /api/skip-verification')).toEqual([{ type: 1 }]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('goes on even when the skip cannot be recorded', async () => {
    api.on('POST /api/skip-verification', 'network');
    await open(2);
    await click(skipLink());
    expect(api.sent('POST /api/skip-verification')).toEqual([{ type: 2 }]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('CodeStep, resending', () => {
  it('blocks resend for 60 s after the first send, counting down', async () => {
    await open();
    expect(resendButton().disabled).toBe(true);
    expect(timerText()).toBe('Resend available in 60s');
    await advance(1000);
    expect(timerText()).toBe('Resend available in 59s');
    await advance(58_000);
    expect(timerText()).toBe('Resend available in 1s');
    expect(resendButton().disabled).toBe(true);
    await advance(1000);
    expect(timerText()).toBeNull();
    expect(resendButton().disabled).toBe(false);
  });

  it('resends, then blocks again for the time the server gives', async () => {
    await open();
    await advance(60_000);
    api.on('POST /api/send-code/1', codeSent('***-***-1234', 45));
    await click(resendButton());
    expect(api.sent('POST /api/send-code/1')).toHaveLength(2);
    expect(statusText(root())).toBe('Verification code sent.');
    expect(resendButton().disabled).toBe(true);
    expect(timerText()).toBe('Resend available in 45s');
  });

  it('shows the server message, else the resend text, when a resend fails', async () => {
    await open();
    await advance(60_000);
    api.on('POST /api/send-code/1', fail(500));
    await click(resendButton());
    expect(alertText(root())).toBe(verificationMessages.sendCodeFailed);

    api.on('POST /api/send-code/1', fail(429, 'Too many codes requested. Please try again later.'));
    await click(resendButton());
    expect(alertText(root())).toBe('Too many codes requested. Please try again later.');
    expect(root().querySelector('#verify-code-form')).not.toBeNull();
    expect(resendButton().disabled).toBe(true);
  });
});

describe('CodeStep, changing the phone number', () => {
  const part = (id: string) => $<HTMLInputElement>(root(), `#verify-phone-${id}`);
  const submitButton = () => $<HTMLButtonElement>(root(), '#verify-phone-submit');
  async function number(area: string, prefix: string, line: string) {
    await type(part('area'), area);
    await type(part('prefix'), prefix);
    await type(part('line'), line);
  }

  beforeEach(async () => {
    await open();
    await click($(root(), '#verify-change'));
  });

  it('opens the sub-screen and Cancel returns without changes', async () => {
    expect(heading(root())).toBe('Change phone number');
    await click($(root(), '#verify-change-cancel'));
    expect(heading(root())).toBe('Verify your phone number');
    expect(api.sent('POST /api/update-phone')).toHaveLength(0);
    expect(api.sent('POST /api/send-code/1')).toHaveLength(1);
  });

  it('keeps only digits and refuses numbers no phone company assigns', async () => {
    await type(part('area'), '2a1-2');
    expect(part('area').value).toBe('212');
    expect(document.activeElement).toBe(part('prefix'));

    for (const [area, prefix, line] of [
      ['911', '555', '0000'],
      ['123', '555', '0100'],
      ['212', '555', '0000'],
      ['212', '555', '9111'],
      ['212', '155', '0100'],
      ['212', '911', '0100'],
      ['212', '555', '010'],
    ] as const) {
      await number(area, prefix, line);
      expect(submitButton().disabled).toBe(true);
    }
    await number('212', '555', '0100');
    expect(submitButton().disabled).toBe(false);
  });

  it('updates the number, resets the attempts, stops the timer and sends a new code', async () => {
    await click($(root(), '#verify-change-cancel'));
    await wrongCode('Wrong code.');
    await wrongCode('Wrong code.');
    expect(root().querySelector('.verify-skip--flagged')).not.toBeNull();
    expect(timerText()).not.toBeNull();
    await click($(root(), '#verify-change'));

    api.on('POST /api/update-phone', ok({ status: 'success', message: 'Phone number updated.' }));
    api.on('POST /api/send-code/1', codeSent('***-***-0100'));
    // A whole number, as autofill or a paste types it, fills the three boxes.
    await type(part('area'), '(212) 555-0100');
    expect([part('area').value, part('prefix').value, part('line').value]).toEqual([
      '212',
      '555',
      '0100',
    ]);
    await submit($(root(), '#verify-change-phone'));

    expect(api.sent('POST /api/update-phone')).toEqual([{ phone: '2125550100' }]);
    expect(api.calls().slice(-2)).toEqual(['POST /api/update-phone', 'POST /api/send-code/1']);
    expect(heading(root())).toBe('Verify your phone number');
    expect($(root(), '#verify-sent-to').textContent).toBe('We sent a 4-digit code to ***-***-0100');
    expect(statusText(root())).toBe('Phone number updated.');
    expect(boxes()).toBe('');
    expect(root().querySelector('.verify-skip--flagged')).toBeNull();
    expect(timerText()).toBeNull();
    expect(resendButton().disabled).toBe(false);
  });

  it('shows the server message, else the spec text, when the update fails', async () => {
    await number('212', '555', '0100');
    api.on('POST /api/update-phone', fail(400, 'Please enter a valid phone number.'));
    await submit($(root(), '#verify-change-phone'));
    expect(alertText(root())).toBe('Please enter a valid phone number.');
    expect(heading(root())).toBe('Change phone number');

    api.on('POST /api/update-phone', 'network');
    await submit($(root(), '#verify-change-phone'));
    expect(alertText(root())).toBe(verificationMessages.updatePhoneFailed);
    expect(api.sent('POST /api/send-code/1')).toHaveLength(1);
  });
});

describe('CodeStep, the email step', () => {
  const input = () => $<HTMLInputElement>(root(), '#verify-email-input');
  const submitButton = () => $<HTMLButtonElement>(root(), '#verify-email-submit');

  beforeEach(async () => {
    await open(2);
  });

  it('sends an email code and checks it with type 2', async () => {
    expect(heading(root())).toBe('Verify your email address');
    expect(api.sent('POST /api/send-code/2')).toHaveLength(1);
    expect($(root(), '#verify-sent-to').textContent).toBe(
      'We sent a 4-digit code to j***@example.com',
    );
    api.on('POST /api/verify-code', ok({ status: 'success', message: 'Email address verified.' }));
    await enter('5555');
    await submit(codeForm());
    expect(api.sent('POST /api/verify-code')).toEqual([{ type: 2, code: '5555' }]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('refuses an address with a space and updates a valid one, then sends a new code', async () => {
    await click($(root(), '#verify-change'));
    expect(heading(root())).toBe('Change email address');
    await type(input(), 'ana lee@example.com');
    expect(submitButton().disabled).toBe(true);
    await type(input(), 'ana@example');
    expect(submitButton().disabled).toBe(true);
    await type(input(), 'ana.lee@example.com');
    expect(submitButton().disabled).toBe(false);

    api.on('POST /api/update-email', ok({ status: 'success', message: 'Email address updated.' }));
    await submit($(root(), '#verify-change-email'));
    expect(api.sent('POST /api/update-email')).toEqual([{ email: 'ana.lee@example.com' }]);
    expect(api.calls().slice(-2)).toEqual(['POST /api/update-email', 'POST /api/send-code/2']);
    expect(heading(root())).toBe('Verify your email address');
    expect(timerText()).toBeNull();
  });

  it('shows the server message, else the spec text, when the update fails', async () => {
    await click($(root(), '#verify-change'));
    await type(input(), 'taken@example.com');
    api.on('POST /api/update-email', fail(409, 'This email address is already in use.'));
    await submit($(root(), '#verify-change-email'));
    expect(alertText(root())).toBe('This email address is already in use.');
    api.on('POST /api/update-email', fail(500));
    await submit($(root(), '#verify-change-email'));
    expect(alertText(root())).toBe(verificationMessages.updateEmailFailed);
  });
});
