import { questionnaireFileSchema, type QuestionnaireFile, stateRulesSeed } from '@clinic/contracts';
import { setSession } from '../session/session';
import type { Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import { QuestionnaireScreen } from './QuestionnaireScreen';
import {
  $,
  click,
  fakeApi,
  ok,
  option,
  questionId,
  renderForm,
  type,
  where,
} from './testing/harness';
import { testLoader } from './testing/fixture';

let view: Rendered | undefined;
const root = () => view!.container;

const file: QuestionnaireFile = questionnaireFileSchema.parse({
  form: 3,
  name: 'Types',
  version: '2026-11-24.1',
  questions: [
    {
      id: 'intro',
      question: 'intro',
      label: 'Before we start',
      description: 'This takes about five minutes.',
      question_type: 'informational',
    },
    {
      id: 'plan',
      question: 'plan_choice',
      label: 'Which plan suits you?',
      question_type: 'dose_radio_more',
      show_array: [
        { main_txt: 'Stay the course', sub_txt: 'Keep your current dose' },
        { main_txt: 'Step up', sub_txt: 'Move to the next strength' },
      ],
    },
    {
      id: 'side',
      question: 'side_effects',
      label: 'Any side effects?',
      question_type: 'single_option',
      options: [
        { title: 'No', order: 1 },
        { title: 'Let me check my plan again', order: 2, is_back_button: true },
        { title: 'Yes', order: 0 },
      ],
    },
    {
      id: 'name',
      question: 'pharmacy_name',
      label: 'Your pharmacy?',
      sublabel: 'Optional details help us ship faster.',
      placeholder: 'Pharmacy name',
      question_type: 'string',
    },
    {
      id: 'ms',
      question: 'state_restriction',
      label: 'Mississippi and Louisiana patients',
      question_type: 'informational',
    },
    {
      id: 'photo',
      question: 'progress_photo',
      label: 'A progress photo',
      question_type: 'image_upload',
      is_optional: true,
    },
  ],
  dependencies: [],
});

async function open(state = 'TX') {
  view = await renderForm(
    '/medical-form/5?type=refill',
    <QuestionnaireScreen
      formId="5"
      loader={testLoader({ activeFrm: 3, userState: state })}
      file={file}
      stateRules={stateRulesSeed}
      patient={{}}
    />,
  );
}

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('question types', () => {
  it('walks an informational Next, two-line choices, options in their order, a back option, text, and an optional upload', async () => {
    const api = fakeApi();
    api.on('POST /api/submit-md-form', ok({ success: true, message: 'ok', redirect: '/home' }));
    await open();
    expect(root().textContent).toContain('This takes about five minutes.');
    await click($(root(), '#mf-next'));

    expect(questionId(root())).toBe('plan');
    const choices = [...root().querySelectorAll('.mf-option')];
    expect(choices.map((c) => c.querySelector('.mf-option__sub')?.textContent)).toEqual([
      'Keep your current dose',
      'Move to the next strength',
    ]);
    await click(choices[1]!);

    expect(questionId(root())).toBe('side');
    expect([...root().querySelectorAll('.mf-option')].map((o) => o.textContent)).toEqual([
      'Yes',
      'No',
      'Let me check my plan again',
    ]);
    await click(option(root(), 'Let me check my plan again'));
    expect(questionId(root())).toBe('plan');
    expect(root().querySelector('.mf-option[aria-pressed="true"]')?.textContent).toContain(
      'Step up',
    );
    await click(option(root(), 'Step upMove to the next strength'));
    await click(option(root(), 'No'));

    expect(questionId(root())).toBe('name');
    expect(root().querySelector('.mf-question__sublabel')?.textContent).toBe(
      'Optional details help us ship faster.',
    );
    const input = $<HTMLInputElement>(root(), '#mf-answer');
    expect(input.placeholder).toBe('Pharmacy name');
    expect(input.inputMode).toBe('');
    await type(input, '   ');
    expect($<HTMLButtonElement>(root(), '#mf-next').disabled).toBe(true);
    await type(input, 'Main St Pharmacy');
    await click($(root(), '#mf-next'));

    // state_restriction is asked in MS and LA only; an optional upload may be skipped
    expect(questionId(root())).toBe('photo');
    await click([...root().querySelectorAll('button')].find((b) => b.textContent === 'Skip')!);
    const [body] = api.sent('POST /api/submit-md-form') as {
      answers: { id: string; answer: unknown }[];
    }[];
    expect(body!.answers.map((a) => [a.id, a.answer])).toEqual([
      ['plan', 'Step up'],
      ['side', 'No'],
      ['name', 'Main St Pharmacy'],
    ]);
    expect(where(view!)).toBe('/home');
  });

  it('asks the state restriction page of the refill form in Mississippi', async () => {
    fakeApi();
    await open('MS');
    await click($(root(), '#mf-next'));
    await click(root().querySelectorAll('.mf-option')[0]!);
    await click(option(root(), 'No'));
    await type($<HTMLInputElement>(root(), '#mf-answer'), 'X');
    await click($(root(), '#mf-next'));
    expect(questionId(root())).toBe('ms');
  });
});
