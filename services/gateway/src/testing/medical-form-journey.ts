/**
 * The medical form over HTTP, as the page drives it, against a running product (single-node in
 * the unit suite, the cluster in the infra suite, where uploads go to the S3-compatible server):
 * a patient pays, the loader's order gives the bare-medication form in Texas, every photo is
 * uploaded through a signed URL, the assessment is submitted and the patient is sent to the
 * identity video, which is uploaded and recorded; the order then leaves the portal's Next step.
 * Answers the patient's session and order, for the clinician's review that follows.
 */
import { randomUUID } from 'node:crypto';
import {
  questionnaireOfForm,
  signedPutHeaders,
  type FormsOrder,
  type QuestionnaireFile,
} from '@clinic/contracts';
import { completeAnswers, submissionOf, tinyPng } from '@clinic/forms/testing';
import { eventually } from '@clinic/kit/testing';
import { call, quizAnswers } from './patient-journey';

/** The first bytes of an MP4 (an ftyp box of brand isom): what a phone's video starts with. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.alloc(0x20 - 12),
  Buffer.alloc(4096, 1),
]);

/**
 * get-signed-url, then the PUT the browser makes (to the gateway, or straight to S3) and the
 * check it asks for.
 */
async function upload(
  uploadsTo: string,
  baseUrl: string,
  token: string,
  orderId: number,
  name: string,
  contentType: string,
  bytes: Buffer,
): Promise<string> {
  const signed = await call(baseUrl, 'POST', '/api/get-signed-url', {
    token,
    json: { filename: `${orderId}_${name}`, content_type: contentType, form_id: orderId },
  });
  expect(signed.status).toBe(200);
  const target = String(signed.body.upload_url);
  // Local disk: a path on the gateway; S3: the object store's own signed URL.
  expect(target.startsWith(uploadsTo)).toBe(true);
  const put = await fetch(target.startsWith('/') ? baseUrl + target : target, {
    method: 'PUT',
    headers: signedPutHeaders(contentType),
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  const fileName = String(signed.body.file_name);
  // As the page does right after the PUT: the bytes are checked while the patient is there.
  const checked = await call(baseUrl, 'POST', `/api/uploads/${fileName}/check`, { token });
  expect(checked.status).toBe(200);
  return fileName;
}

/** `uploadsTo`: where signed upload URLs must point (the S3 endpoint in the cluster). */
export async function runMedicalFormJourney(
  baseUrl: string,
  uploadsTo = '/forms/uploads/',
): Promise<{ token: string; orderId: number }> {
  const email = `form.${randomUUID().slice(0, 8)}@example.com`;
  const intake = await call(baseUrl, 'POST', '/api/intake-form', {
    json: quizAnswers(email, { gender: 'Female' }),
  });
  expect(intake.body.status).toBe('success');
  const token = intake.body.token as string;
  let cartId = '';
  await eventually(async () => {
    const saved = await call(baseUrl, 'POST', '/forms/save-cart', {
      token,
      json: {
        id: 4,
        name: 'Semaglutide',
        price: 134.99,
        retail_price: 249.97,
        quantity: 1,
        main_type: 'Prescription',
        category: 'primary',
        sku: 'sema_plan_278928',
        stripe_id: 'sema_plan_278928',
        currentGLPMed: 'No',
      },
    });
    expect(saved.status).toBe(200);
    cartId = saved.body.id as string;
  });
  const card = await call(baseUrl, 'POST', '/sandbox/v1/tokens', {
    json: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } },
  });
  const paid = await fetch(`${baseUrl}/api/checkout-new`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      payment_terms: 3,
      id: cartId,
      cardToken: card.body.id,
      amount: 44997,
      medication: 'Semaglutide',
      paymentMethod: 'card',
      shippingAddress: { addressLine1: '500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
    }),
  });
  expect(paid.status).toBe(200);
  const orderId = ((await paid.json()) as { prescriptionPreauths: { orderId: number }[] })
    .prescriptionPreauths[0]?.orderId as number;
  // The checkout page saves the shipping address after the payment, as the browser does.
  const address = await call(baseUrl, 'POST', '/api/save-address', {
    token,
    json: { addressLine1: '500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
  });
  expect(address.status).toBe(200);

  // Forms learns of the payment by event.
  let order: FormsOrder | undefined;
  await eventually(async () => {
    const res = await call(baseUrl, 'GET', `/forms/orders/${orderId}`, { token });
    expect(res.status).toBe(200);
    order = res.body as unknown as FormsOrder;
  }, 30000);
  expect(order).toMatchObject({
    state: 'TX',
    providerId: 2,
    form: 2,
    isSema: true,
    gender: 'Female',
  });
  const name = questionnaireOfForm[2];
  const file = (await call(baseUrl, 'GET', `/forms/questionnaires/${name}`))
    .body as unknown as QuestionnaireFile;

  const answers = completeAnswers(
    file,
    { form: 'first', bareMeds: true, state: 'TX', gender: 'Female' },
    'semaglutide',
  );
  for (const q of file.questions)
    if (q.question_type === 'image_upload' && typeof answers[q.id] === 'string')
      answers[q.id] = await upload(
        uploadsTo,
        baseUrl,
        token,
        orderId,
        `${q.question}_photo.png`,
        'image/png',
        tinyPng,
      );
  const submitted = await call(baseUrl, 'POST', '/api/submit-bare-form', {
    token,
    json: submissionOf(orderId, answers),
  });
  expect(submitted.status).toBe(200);
  expect(submitted.body.redirect).toBe(`/upload-video/${orderId}?state=TX`);
  expect((await call(baseUrl, 'GET', `/forms/orders/${orderId}`, { token })).status).toBe(404);

  const video = await upload(
    uploadsTo,
    baseUrl,
    token,
    orderId,
    'av_video_clip.mp4',
    'video/mp4',
    mp4,
  );
  const recorded = await call(baseUrl, 'POST', '/api/upload-av-video', {
    token,
    json: { s3FileName: video, uniqueId: orderId },
  });
  expect(recorded.status).toBe(200);

  // Checkout hears of the submission: the portal's Next step no longer points to the form.
  await eventually(async () => {
    const pending = await call(baseUrl, 'GET', '/api/pending-medical-forms', { token });
    expect((pending.body.orders as { orderId: number }[]).map((o) => o.orderId)).not.toContain(
      orderId,
    );
  }, 30000);
  return { token, orderId };
}
