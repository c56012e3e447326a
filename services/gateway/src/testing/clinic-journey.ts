/**
 * The clinician's review over HTTP, after the medical form journey, against a running product
 * (single-node in the unit suite, the cluster in the infra suite): the demo clinician logs in,
 * finds the Texas case in the queue once its video is in, claims it, reads it (the identity video
 * through its signed URL, from the gateway's disk or the S3-compatible store), approves a schedule on the
 * ladder; the patient sees the prescription, approves it, and the clinic records the acceptance.
 * A patient's token is refused on the console.
 */
import { demoAccounts } from '@clinic/identity';
import { eventually } from '@clinic/kit/testing';
import { logInDemo } from './demo-login';
import { call } from './patient-journey';

export async function runClinicJourney(
  baseUrl: string,
  patient: { token: string; orderId: number },
): Promise<void> {
  const { orderId } = patient;
  const { token: clinician } = await logInDemo(baseUrl, demoAccounts.clinician);

  expect((await call(baseUrl, 'GET', '/api/console/cases', { token: patient.token })).status).toBe(
    403,
  );

  await eventually(async () => {
    const queue = await call(baseUrl, 'GET', '/api/console/cases?filter=waiting', {
      token: clinician,
    });
    expect(queue.status).toBe(200);
    const cases = queue.body.cases as { orderId: number; state: string; drug: string }[];
    expect(cases.find((c) => c.orderId === orderId)).toMatchObject({
      state: 'TX',
      drug: 'semaglutide',
    });
  }, 30000);

  const claimed = await call(baseUrl, 'POST', `/api/console/cases/${orderId}/claim`, {
    token: clinician,
  });
  expect(claimed.status).toBe(200);

  const view = await call(baseUrl, 'GET', `/api/console/cases/${orderId}`, { token: clinician });
  expect(view.status).toBe(200);
  const files = (view.body.view as { assessment: { files: { fileName: string; kind: string }[] } })
    .assessment.files;
  // The bare-medication form asks no photos; the identity video is the file to watch.
  expect(files.map((f) => f.kind)).toEqual(['video']);
  const video = files[0]!;
  const read = await call(
    baseUrl,
    'GET',
    `/api/console/cases/${orderId}/files/${encodeURIComponent(video.fileName)}/read-url`,
    { token: clinician },
  );
  expect(read.status).toBe(200);
  const url = String(read.body.url);
  const watched = await fetch(url.startsWith('/') ? baseUrl + url : url);
  expect(watched.status).toBe(200);
  const bytes = Buffer.from(await watched.arrayBuffer());
  expect(bytes.subarray(4, 8).toString()).toBe('ftyp');

  const approved = await call(baseUrl, 'POST', `/api/console/cases/${orderId}/approve`, {
    token: clinician,
    json: {
      drug: 'semaglutide',
      doseSchedule: [0.25, 0.5, 1],
      maintenanceDose: 1,
      directions: 'Inject 0.25 mg under the skin once a week, on the same day each week.',
      vials: 3,
    },
  });
  expect(approved.status).toBe(200);

  await eventually(async () => {
    const pending = await call(baseUrl, 'GET', `/api/prescription-pending/${orderId}`, {
      token: patient.token,
    });
    expect(pending.status).toBe(200);
  }, 30000);
  const accepted = await call(baseUrl, 'POST', `/api/prescription-update/${orderId}`, {
    token: patient.token,
    json: { accept: true },
  });
  expect(accepted.status).toBe(200);
  expect(accepted.body.redirect).toBe('/home');

  await eventually(async () => {
    const decided = await call(baseUrl, 'GET', '/api/console/cases?filter=decided', {
      token: clinician,
    });
    const mine = (decided.body.cases as { orderId: number; status: string }[]).find(
      (c) => c.orderId === orderId,
    );
    expect(mine?.status).toBe('accepted');
  }, 30000);
  const outcome = await call(baseUrl, 'GET', `/api/assessment-outcome/${orderId}`, {
    token: patient.token,
  });
  expect(outcome.body.outcome).toBe('approved');
}
