import { act } from 'react';
import {
  consentAnswers,
  dosePreferenceOptions,
  glp1UseOptions,
  lastDoseTimingOptions,
  photoMessages,
  stateRulesSeed,
} from '@clinic/contracts';
import { setSession } from '../session/session';
import type { Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import { LOADER_STATE_KEY, type LoaderState } from './loaderState';
import { loadProgress } from './progressStore';
import { QuestionnaireScreen } from './QuestionnaireScreen';
import {
  $,
  choose,
  chooseFile,
  click,
  fail,
  fakeApi,
  flush,
  ok,
  option,
  questionId,
  renderForm,
  type,
  where,
  type FakeApi,
} from './testing/harness';
import { testLoader, testQuestionnaire } from './testing/fixture';
import { FakeXhr, imageFile, installFakeXhr } from '../test-utils/xhr';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;

async function open(loader: Partial<LoaderState> = {}) {
  view = await renderForm(
    '/medical-form/5?type=medical',
    <QuestionnaireScreen
      formId="5"
      loader={testLoader(loader)}
      file={testQuestionnaire(loader.activeFrm ?? 1)}
      stateRules={stateRulesSeed}
      patient={{ first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' }}
    />,
  );
}

const pick = (title: string) => click(option(root(), title));
const next = () => click($(root(), '#mf-next'));
const select = (month: number) => $<HTMLSelectElement>(root(), `#mf-dose-month-${month}`);
const values = () => [1, 2, 3].map((m) => select(m).value);
const choices = (month: number) =>
  [...select(month).options].filter((o) => !o.disabled).map((o) => o.value);
const maintenance = () => $<HTMLSelectElement>(root(), '#mf-dose-maintenance');

/** Questions 7 and 5: no condition, 182 lbs. */
async function conditionsAndWeight() {
  expect(questionId(root())).toBe('7');
  await pick('None of these');
  await next();
  await type($(root(), '#mf-answer'), '182');
  await next();
}

async function newPatientToDoses(loader: Partial<LoaderState> = {}) {
  await open(loader);
  await pick(glp1UseOptions.neither);
  await click($(root(), '#mf-confirm'));
  await conditionsAndWeight();
  expect(questionId(root())).toBe('dose');
}

async function semaglutidePatientToDoses() {
  await open({ productName: 'semaglutide' });
  await pick(glp1UseOptions.semaglutide);
  await pick('0.5 mg');
  await pick(lastDoseTimingOptions.withinTwoWeeks);
  await pick(dosePreferenceOptions.increase);
  await conditionsAndWeight();
  expect(questionId(root())).toBe('dose');
}

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
  installFakeXhr();
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('the dose schedule', () => {
  it("pre-fills a new patient's starter schedule, month 1 at the starting dose only", async () => {
    await newPatientToDoses();
    // The question's label is the spec's title, shown once.
    expect(root().querySelector('#mf-question-label')?.textContent).toBe('Choose Dosage Schedule:');
    expect(root().textContent?.split('Choose Dosage Schedule:')).toHaveLength(2);
    expect([...root().querySelectorAll('.mf-doses label')].map((l) => l.textContent)).toEqual([
      'Month 1',
      'Month 2',
      'Month 3',
      'Maintenance dose',
    ]);
    expect(values()).toEqual(['2.5', '5', '7.5']);
    expect(choices(1)).toEqual(['2.5']);
    expect(select(1).options[1]?.textContent).toBe('2.5 mg (Starting Dose)');
    expect(choices(2)).toEqual(['2.5', '5']);
    expect(choices(3)).toEqual(['2.5', '5', '7.5']);
    expect(maintenance().value).toBe('10');
    expect([...maintenance().options].map((o) => o.value)).toEqual([
      '2.5',
      '5',
      '7.5',
      '10',
      '12.5',
      '15',
    ]);
  });

  it('continues a patient on the same drug by their wish, and offers one step around each month', async () => {
    await semaglutidePatientToDoses();
    expect(values()).toEqual(['1', '1.7', '2.4']);
    expect(choices(1)).toEqual(['0.5', '1']);
    expect(choices(2)).toEqual(['0.5', '1', '1.7']);
    expect(maintenance().value).toBe('2.4');
    expect([...maintenance().options].map((o) => o.value)).toEqual([
      '0.25',
      '0.5',
      '1',
      '1.7',
      '2.4',
    ]);

    // a lower month 1 empties month 2, whose choices no longer hold it: Next waits for it
    await choose(select(1), '0.5');
    expect(values()).toEqual(['0.5', '', '2.4']);
    expect(choices(2)).toEqual(['0.25', '0.5', '1']);
    expect($<HTMLButtonElement>(root(), '#mf-next').disabled).toBe(true);
    await choose(select(2), '1');
    expect(values()).toEqual(['0.5', '1', '']);
    await choose(select(3), '1');
    expect($<HTMLButtonElement>(root(), '#mf-next').disabled).toBe(false);
    await next();
    expect(questionId(root())).toBe('photo');
  });

  it('on the refill form starts from the current dose, month 1 one step around it', async () => {
    await newPatientToDoses({ activeFrm: 3, currentDose: 5 });
    expect(values()).toEqual(['5', '5', '5']);
    expect(choices(1)).toEqual(['2.5', '5', '7.5']);
  });

  it('comes back as chosen after a reload', async () => {
    await newPatientToDoses();
    await choose(select(3), '5');
    await view!.unmount();
    await open();
    expect(questionId(root())).toBe('dose');
    expect(values()).toEqual(['2.5', '5', '5']);
  });
});

/**
 * A bare-medication patient answers every question up to the photo, uploads it (stored as
 * stored-rx.png, checked) and consents: the form is submitted.
 */
async function barePatientThroughPhoto() {
  api.on(
    'POST /api/get-signed-url',
    ok({
      success: true,
      url: 'u',
      upload_url: 'https://files.example/p',
      file_name: 'stored-rx.png',
    }),
  );
  api.on('POST /api/uploads/stored-rx.png/check', ok({ success: true }));
  jest.useFakeTimers();
  try {
    await open({ activeFrm: 2, productName: 'semaglutide' });
    await pick(glp1UseOptions.semaglutide);
    await pick('0.5 mg');
    await pick(lastDoseTimingOptions.withinTwoWeeks);
    await pick(dosePreferenceOptions.same);
    await pick('Kidney disease');
    await pick('Diabetes');
    await next();
    await act(async () => {
      const box = $<HTMLTextAreaElement>(root(), '#mf-answer');
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
        box,
        'CKD 2',
      );
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await next();
    await act(async () => {
      const box = $<HTMLTextAreaElement>(root(), '#mf-answer');
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
        box,
        'Type 2',
      );
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await next();
    await type($(root(), '#mf-answer'), '182');
    await next();
    expect(questionId(root())).toBe('dose');
    await next();
    expect(questionId(root())).toBe('photo');
    await chooseFile($<HTMLInputElement>(root(), 'input[type="file"]'), imageFile());
    await click($(root(), '#mf-upload-confirm'));
    await act(async () => FakeXhr.sent[0]!.respond(200));
    await act(async () => {
      jest.advanceTimersByTime(500);
    });
    await flush();
    expect(questionId(root())).toBe('consent');
    await pick(consentAnswers.yes);
  } finally {
    jest.useRealTimers();
  }
}

describe('submitting', () => {
  const redirect = ok({ success: true, message: 'Submitted', redirect: '/home' });

  it('posts every answer asked, the doses and the details to submit-md-form, then follows the redirect', async () => {
    api.on('POST /api/submit-md-form', redirect);
    localStorage.setItem(LOADER_STATE_KEY, JSON.stringify(testLoader()));
    await newPatientToDoses();
    await choose(maintenance(), '12.5');
    await next();
    expect(questionId(root())).toBe('consent');
    await pick(consentAnswers.yes);
    expect(api.calls()).toEqual(['POST /api/submit-md-form']);
    const [body] = api.sent('POST /api/submit-md-form') as Record<string, unknown>[];
    const answers = body!.answers as Record<string, unknown>[];
    expect(answers.map((a) => a.id)).toEqual(['8', '8_confirm', '7', '5', 'dose', 'consent']);
    expect(answers[0]).toEqual({
      id: '8',
      question: 'current_weight_meds',
      label: 'Are you currently taking a GLP-1 medication?',
      answer: glp1UseOptions.neither,
      type: 'string',
      important: false,
      is_critical: false,
      displayed_options: Object.values(glp1UseOptions),
    });
    expect(answers[2]).toMatchObject({ answer: ['None of these'], important: true });
    expect(answers[3]).toMatchObject({ answer: '182', type: 'number' });
    expect(answers[4]).toMatchObject({ answer: ['2.5', '5', '7.5'], type: 'string' });
    expect(body).toMatchObject({
      images: [],
      patientPreference: [2.5, 5, 7.5],
      maintanenceDose: 12.5,
      additional_details: {
        allergies: '',
        current_meds: '',
        current_medical_condition: '',
        pregnancy: false,
      },
      special_necessities: '',
      form_id: '5',
      userInfo: {
        first_name: 'Ana',
        last_name: 'Lopez',
        email: 'ana@example.com',
        gender: 'Male',
        state: 'TX',
      },
      paymentTerms: 3,
      productPurchased: 'Tirzepatide',
      isRefil: false,
      frmName: 'mdIntegration',
    });
    expect(where(view!)).toBe('/home');
    expect(loadProgress('5', Date.now())).toBeNull();
    expect(localStorage.getItem(LOADER_STATE_KEY)).toBeNull();
  });

  it('sends the follow-ups with their parent and the upload as an image; bare medication posts to submit-bare-form', async () => {
    api.on(
      'POST /api/submit-bare-form',
      ok({ success: true, message: 'ok', redirect: '/upload-video/5' }),
    );
    await barePatientThroughPhoto();
    const [body] = api.sent('POST /api/submit-bare-form') as Record<string, unknown>[];
    const answers = body!.answers as Record<string, unknown>[];
    expect(answers.map((a) => a.id)).toEqual([
      '8',
      '8_1',
      '8_3',
      '10_1',
      '7',
      '7b',
      '7a',
      '5',
      'dose',
      'consent',
    ]);
    expect(answers.find((a) => a.id === '7b')).toMatchObject({
      answer: 'CKD 2',
      metadata: { parentId: '7', parentAnswer: 'Kidney disease', isFollowUp: true },
    });
    expect(body!.images).toEqual([
      expect.objectContaining({
        id: 'photo',
        question: 'prescription_photo',
        answer: 'stored-rx.png',
        type: 'image_upload',
      }),
    ]);
    expect(body).toMatchObject({
      patientPreference: [0.5, 0.5, 0.5],
      frmName: 'bareMeds',
      productPurchased: 'Semaglutide',
    });
    expect(where(view!)).toBe('/upload-video/5');
  });

  it('on a photo the server refuses, says why in the patient’s words, drops it and never offers to keep it', async () => {
    api.on(
      'POST /api/submit-bare-form',
      fail(400, photoMessages.notAPhoto, { questionId: 'photo', refusedUpload: true }),
    );
    await barePatientThroughPhoto();
    expect(questionId(root())).toBe('photo');
    expect(root().querySelector('.mf-error, [role="alert"]')?.textContent).toBe(
      photoMessages.notAPhoto,
    );
    expect(root().textContent).not.toContain('Keep my uploaded image');
    expect(root().textContent).not.toMatch(/Question \w+|stored-rx/);
    expect(JSON.stringify(loadProgress('5', Date.now()))).not.toContain('stored-rx.png');
  });

  it("shows 'Please wait... Submitting form!' while posting", async () => {
    api.on('POST /api/submit-md-form', 'hang');
    await newPatientToDoses();
    await next();
    await pick(consentAnswers.yes);
    expect(root().querySelector('.mf-overlay')?.textContent).toBe(
      'Please wait... Submitting form!',
    );
  });

  it('on a refusal removes the overlay, says why and goes to the question the server names', async () => {
    api.on(
      'POST /api/submit-md-form',
      fail(400, 'Question 5 needs an answer.', { questionId: '5' }),
    );
    await newPatientToDoses();
    await next();
    await pick(consentAnswers.yes);
    expect(root().querySelector('.mf-overlay')).toBeNull();
    expect(questionId(root())).toBe('5');
    expect(root().querySelector('[role="alert"]')?.textContent).toBe('Question 5 needs an answer.');
    expect(loadProgress('5', Date.now())).not.toBeNull();
  });

  it('on the refill form sends isRefil and no special necessities', async () => {
    api.on('POST /api/submit-md-form', redirect);
    await newPatientToDoses({ activeFrm: 3, currentDose: 5 });
    await next();
    await pick(consentAnswers.yes);
    const [body] = api.sent('POST /api/submit-md-form') as Record<string, unknown>[];
    expect(body).toMatchObject({
      isRefil: true,
      frmName: 'mdIntegration',
      patientPreference: [5, 5, 5],
    });
    expect(body).not.toHaveProperty('special_necessities');
  });
});
