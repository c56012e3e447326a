import {
  cannotProceedMessage,
  formsMessages,
  glp1UseOptions,
  type QuestionnaireFile,
  stateRulesSeed,
} from '@clinic/contracts';
import { setSession } from '../session/session';
import type { Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import type { LoaderState } from './loaderState';
import { loadProgress } from './progressStore';
import { QuestionnaireScreen } from './QuestionnaireScreen';
import {
  $,
  button,
  checked,
  click,
  dialog,
  fail,
  fakeApi,
  ok,
  option,
  questionId,
  questionLabel,
  renderForm,
  type,
  typeText,
  where,
  type FakeApi,
} from './testing/harness';
import {
  stopText,
  testLoader,
  testOrder,
  testQuestionnaire,
  thyroidCancer,
} from './testing/fixture';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;

async function open(
  loader: Partial<LoaderState> = {},
  file: QuestionnaireFile = testQuestionnaire(),
  before: string[] = [],
) {
  view = await renderForm(
    '/medical-form/5?type=medical',
    <QuestionnaireScreen
      formId="5"
      loader={testLoader(loader)}
      file={file}
      stateRules={stateRulesSeed}
      patient={{ first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' }}
    />,
    before,
  );
}

/** The texts an input's aria-describedby points at (its hint or its error). */
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
const next = () => click($(root(), '#mf-next'));
const nextButton = () => $<HTMLButtonElement>(root(), '#mf-next');
const goBack = () => click($(root(), '.mf-back'));
const pick = (title: string) => click(option(root(), title));

/** From question 8 with no GLP-1: the confirmation, then the conditions question. */
async function toConditions() {
  await pick(glp1UseOptions.neither);
  expect(questionId(root())).toBe('8_confirm');
  await click($(root(), '#mf-confirm'));
  expect(questionId(root())).toBe('7');
}

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('which questions are asked', () => {
  it('asks question 0 of women only', async () => {
    await open({ gender: 'Female' });
    expect(questionId(root())).toBe('0');
    expect(questionLabel(root())).toBe('Are you pregnant or breastfeeding?');
    await view!.unmount();
    localStorage.clear();
    await open({ gender: 'Male' });
    expect(questionId(root())).toBe('8');
  });

  it("asks Florida's bill of rights only in Florida, with its text and a Next", async () => {
    await open({ userState: 'FL' });
    expect(questionId(root())).toBe('fl');
    expect(root().querySelector('.mf-question__description')?.textContent).toContain(
      'courtesy and respect',
    );
    await next();
    expect(questionId(root())).toBe('8');
  });
});

describe('answering', () => {
  it('moves on as soon as a single option is chosen', async () => {
    await open();
    expect(root().querySelectorAll('.mf-option')).toHaveLength(3);
    await pick(glp1UseOptions.tirzepatide);
    expect(questionId(root())).toBe('8_2');
    await pick('5 mg');
    expect(questionId(root())).toBe('8_3');
  });

  it('asks the follow-ups of a multiple choice in the order chosen, then goes on', async () => {
    await open();
    await toConditions();
    expect(root().querySelector('.mf-question__sublabel')?.textContent).toBe(
      'Choose all that apply.',
    );
    expect(nextButton().disabled).toBe(true);
    await pick('Kidney disease');
    await pick('Diabetes');
    expect(checked(root())).toEqual(['Diabetes', 'Kidney disease']);
    await next();
    expect(questionId(root())).toBe('7b');
    expect(root().querySelector('textarea')).not.toBeNull();
    await typeText($(root(), '#mf-answer'), 'Stage 2');
    await next();
    expect(questionId(root())).toBe('7a');
    expect($<HTMLTextAreaElement>(root(), '#mf-answer').placeholder).toBe(
      'Type, medication, last A1c',
    );
    await typeText($(root(), '#mf-answer'), 'Type 2');
    await next();
    expect(questionId(root())).toBe('5');
  });

  it("keeps a 'none' choice alone, and asks no follow-up after it", async () => {
    await open();
    await toConditions();
    await pick('Diabetes');
    await pick('None of these');
    expect(checked(root())).toEqual(['None of these']);
    await pick('Kidney disease');
    expect(checked(root())).toEqual(['Kidney disease']);
    await pick('None of these');
    await next();
    expect(questionId(root())).toBe('5');
  });

  it('blocks Enter in text answers and enables Next only for a number on an integer question', async () => {
    await open();
    await toConditions();
    await pick('None of these');
    await next();
    const input = $<HTMLInputElement>(root(), '#mf-answer');
    expect(input.inputMode).toBe('numeric');
    expect(input.placeholder).toBe('e.g. 180');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    await type(input, 'abc');
    expect(nextButton().disabled).toBe(true);
    await type(input, '182');
    expect(nextButton().disabled).toBe(false);
    await next();
    expect(questionId(root())).toBe('dose');
  });

  it("shows a number question's bounds and refuses a number outside them", async () => {
    await open();
    await toConditions();
    await pick('None of these');
    await next();
    const input = $<HTMLInputElement>(root(), '#mf-answer');
    expect(described(input)).toContain('Enter a whole number from 80 to 700.');
    for (const outside of ['15', '7000']) {
      await type(input, outside);
      expect(nextButton().disabled).toBe(true);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(described(input)).toContain('Please enter a whole number from 80 to 700.');
    }
    await type(input, '700');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(nextButton().disabled).toBe(false);
  });

  it('takes whole numbers only on a number question, leniently typed ("0182" is 182)', async () => {
    await open();
    await toConditions();
    await pick('None of these');
    await next();
    const input = $<HTMLInputElement>(root(), '#mf-answer');
    for (const refused of ['182.5', '182.0', '1e2', 'abc']) {
      await type(input, refused);
      expect(nextButton().disabled).toBe(true);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(described(input)).toContain('Please enter a whole number from 80 to 700.');
    }
    await type(input, '0182');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(nextButton().disabled).toBe(false);
    await next();
    expect(questionId(root())).toBe('dose');
  });

  it("refuses a goal weight not below the current weight, in the quiz's words", async () => {
    const file = testQuestionnaire();
    const at = file.questions.findIndex((q) => q.id === '5');
    file.questions.splice(at + 1, 0, {
      id: 'goal',
      question: 'goal_weight',
      label: 'What is your goal weight (lbs)?',
      question_type: 'integer',
      min: 80,
      max: 700,
    });
    await open({}, file);
    await toConditions();
    await pick('None of these');
    await next();
    await type($<HTMLInputElement>(root(), '#mf-answer'), '205');
    await next();
    expect(questionId(root())).toBe('goal');
    const input = $<HTMLInputElement>(root(), '#mf-answer');
    for (const same of ['205', '0205', '250']) {
      await type(input, same);
      expect(nextButton().disabled).toBe(true);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(described(input)).toContain('Desired weight should be less than current weight');
    }
    await type(input, '180');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(described(input)).toContain('Enter a whole number from 80 to 700.');
    await next();
    expect(questionId(root())).toBe('dose');
  });

  it('shows the progress across the top as the share of questions answered', async () => {
    await open();
    const progress = () => Number($(root(), '.mf-progress').getAttribute('aria-valuenow'));
    expect(progress()).toBe(0);
    await pick(glp1UseOptions.neither);
    expect(progress()).toBeGreaterThan(0);
  });
});

describe('Go Back', () => {
  it('from a follow-up returns to its question, with the choices kept and the follow-ups cleared', async () => {
    await open();
    await toConditions();
    await pick('Diabetes');
    await pick('Kidney disease');
    await next();
    await typeText($(root(), '#mf-answer'), 'Type 2');
    await next();
    expect(questionId(root())).toBe('7b');
    await goBack();
    expect(questionId(root())).toBe('7');
    expect(checked(root())).toEqual(['Diabetes', 'Kidney disease']);
    await next();
    expect(questionId(root())).toBe('7a');
    expect($<HTMLTextAreaElement>(root(), '#mf-answer').value).toBe('');
  });

  it('from the first question goes back in the browser history', async () => {
    await open({}, testQuestionnaire(), ['/home']);
    await goBack();
    expect(where(view!)).toBe('/home');
  });

  it('is not offered on the first question of the refill form', async () => {
    await open({ activeFrm: 3 }, testQuestionnaire(3));
    expect(root().querySelector('.mf-back')).toBeNull();
  });

  it('offers "Report a side effect" for the order on the refill form only', async () => {
    await open({ activeFrm: 3 }, testQuestionnaire(3));
    const aside = $(root(), 'aside#mf-side-effects');
    expect(aside.textContent).toContain('Feeling unwell right now?');
    expect(button(aside, 'Report a side effect')).toBeDefined();
    await view!.unmount();
    await open();
    expect(root().querySelector('#mf-side-effects')).toBeNull();
  });

  it("Back on the confirmation step clears it and question 8's answer, and returns to 8", async () => {
    await open();
    await pick(glp1UseOptions.neither);
    expect(questionLabel(root())).toContain('you will be prescribed starter doses');
    expect(root().querySelector('.mf-question__description')?.textContent).toBe(
      'We will not be able to change the prescription once approved by the doctor.',
    );
    await click($(root(), '#mf-confirm-back'));
    expect(questionId(root())).toBe('8');
    expect(root().querySelector('.mf-option[aria-pressed="true"]')).toBeNull();
    expect(loadProgress('5', Date.now())?.record.answers).toEqual({});
  });
});

describe('We Cannot Proceed', () => {
  async function chooseThyroidCancer() {
    await open();
    await toConditions();
    await pick(thyroidCancer);
    await next();
  }

  it('opens when an answer leads to a stop screen, with its text; Resubmit Form lets the patient change it', async () => {
    await chooseThyroidCancer();
    const popup = dialog(root())!;
    expect(popup.querySelector('h2')?.textContent).toBe('We Cannot Proceed');
    expect(popup.textContent).toContain(stopText);
    expect(popup.textContent).toContain('resubmit the form');
    expect(popup.textContent).toContain('refund');
    await click(button(popup, 'Resubmit Form'));
    expect(dialog(root())).toBeNull();
    expect(questionId(root())).toBe('7');
    await pick('None of these');
    await next();
    expect(questionId(root())).toBe('5');
    expect(api.calls()).toEqual([]);
  });

  it('shows the default text for a critical answer of a question without its own', async () => {
    await open({ gender: 'Female' });
    await pick('Yes');
    expect(dialog(root())?.textContent).toContain(cannotProceedMessage);
    expect(questionId(root())).toBe('0');
  });

  const orderCall = 'GET /forms/orders/5';
  const confirmation = () => root().querySelector<HTMLElement>('.mf-stop--confirm');

  it('Process Refund first asks, with the amount and what happens, and withdraws nothing yet', async () => {
    api.on(orderCall, ok(testOrder({ paidCents: 44997 })));
    await chooseThyroidCancer();
    await click(button(dialog(root())!, 'Process Refund'));
    const asked = confirmation()!;
    expect(asked.querySelector('h2')?.textContent).toBe('Cancel your order and get a refund?');
    expect(asked.textContent).toContain(
      'We will cancel your order and refund $449.97 to the card you paid with.',
    );
    expect(asked.textContent).toContain('5 to 10 business days');
    expect(asked.textContent).toContain('email you');
    expect(document.activeElement?.textContent).toBe('Keep My Order');
    expect(api.calls()).toEqual([orderCall]);
  });

  it('Keep My Order leaves everything as it was: the popup, the answers, nothing posted', async () => {
    api.on(orderCall, ok(testOrder()));
    await chooseThyroidCancer();
    await click(button(dialog(root())!, 'Process Refund'));
    await click(button(confirmation()!, 'Keep My Order'));
    expect(confirmation()).toBeNull();
    expect(dialog(root())?.querySelector('h2')?.textContent).toBe('We Cannot Proceed');
    expect(api.calls()).toEqual([orderCall]);
    expect(questionId(root())).toBe('7');
    expect(checked(root())).toEqual([thyroidCancer]);
    expect(loadProgress('5', Date.now())?.record.answers['7']).toEqual([thyroidCancer]);
    await click(button(dialog(root())!, 'Resubmit Form'));
    expect(dialog(root())).toBeNull();
  });

  it('Cancel and Refund posts the withdrawal and lands on /sorry with its message, forgetting the answers', async () => {
    api.on(orderCall, ok(testOrder()));
    api.on(
      'POST /api/process-refund/5',
      ok({ success: true, message: formsMessages.refundRequested }),
    );
    await chooseThyroidCancer();
    await click(button(dialog(root())!, 'Process Refund'));
    await click(button(confirmation()!, 'Cancel and Refund'));
    expect(api.calls()).toEqual([orderCall, 'POST /api/process-refund/5']);
    expect(where(view!)).toBe(
      `/sorry?message=${encodeURIComponent(formsMessages.refundRequested)}`,
    );
    expect(loadProgress('5', Date.now())).toBeNull();
  });

  it('still says what happens when the amount cannot be read', async () => {
    api.on(orderCall, fail(500));
    await chooseThyroidCancer();
    await click(button(dialog(root())!, 'Process Refund'));
    expect(confirmation()?.textContent).toContain(
      'We will cancel your order and refund everything you paid for it to the card you paid with.',
    );
    expect(button(confirmation()!, 'Cancel and Refund').disabled).toBe(false);
  });

  it('shows Processing... while the refund posts', async () => {
    api.on(orderCall, ok(testOrder()));
    api.on('POST /api/process-refund/5', 'hang');
    await chooseThyroidCancer();
    await click(button(dialog(root())!, 'Process Refund'));
    await click(button(confirmation()!, 'Cancel and Refund'));
    expect(button(confirmation()!, 'Processing...').disabled).toBe(true);
    expect(button(confirmation()!, 'Keep My Order').disabled).toBe(true);
  });

  it('shows a failed refund in the confirmation and stays', async () => {
    api.on(orderCall, ok(testOrder()));
    api.on('POST /api/process-refund/5', fail(409, 'This order can no longer be refunded here.'));
    await chooseThyroidCancer();
    await click(button(dialog(root())!, 'Process Refund'));
    await click(button(confirmation()!, 'Cancel and Refund'));
    expect(confirmation()?.querySelector('[role="alert"]')?.textContent).toBe(
      'This order can no longer be refunded here.',
    );
    expect(button(confirmation()!, 'Cancel and Refund').disabled).toBe(false);
    expect(where(view!)).toBe('/medical-form/5?type=medical');
  });

  it('comes back at the stopped question, with its answer, after a reload', async () => {
    await chooseThyroidCancer();
    expect(dialog(root())).not.toBeNull();
    await view!.unmount();
    await open();
    expect(questionId(root())).toBe('7');
    expect(checked(root())).toEqual([thyroidCancer]);
  });
});
