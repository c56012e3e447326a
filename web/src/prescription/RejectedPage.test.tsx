import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SUPPORT_CONTACT } from '../brand';
import { setSession } from '../session/session';
import { render, type Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import { fail, fakeApi, flush, ok, type FakeApi } from '../verify/testing/harness';
import { MeetingMissedPage, meetingMissedTexts } from './MeetingMissedPage';
import { RejectedPage, rejectedTexts } from './RejectedPage';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

async function open(path: string) {
  view = await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/rejected/:id" element={<RejectedPage />} />
        <Route path="/meeting-missed" element={<MeetingMissedPage />} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
}

const where = () => root().querySelector('[data-testid="where"]')?.textContent;
const link = (name: string) =>
  [...root().querySelectorAll('a')].find((a) => a.textContent === name);

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('the rejected page', () => {
  it("shows the clinician's reason, the refund and the way to support", async () => {
    api.on(
      'GET /api/assessment-outcome/5',
      ok({
        status: 'success',
        outcome: 'denied',
        reason: 'Your BMI is below the minimum for this treatment.',
        decidedAt: '2026-11-24T10:00:00.000Z',
      }),
    );
    await open('/rejected/5');
    expect(root().querySelector('h1')?.textContent).toBe(
      "We're unable to prescribe for you right now",
    );
    expect(root().querySelector('blockquote')?.textContent).toBe(
      'Your BMI is below the minimum for this treatment.',
    );
    expect(root().textContent).toContain(rejectedTexts.refund);
    expect(link('Contact support')?.getAttribute('href')).toBe(`mailto:${SUPPORT_CONTACT.email}`);
    expect(link('Back to home')?.getAttribute('href')).toBe('/home');
    expect(new Headers(api.fetch.mock.calls[0]![1]?.headers).get('Authorization')).toBe(
      'Bearer tok',
    );
  });

  it.each(['pending', 'approved', 'appointment_required'])(
    'sends a %s outcome to /home',
    async (outcome) => {
      api.on(
        'GET /api/assessment-outcome/5',
        ok({ status: 'success', outcome, reason: null, decidedAt: null }),
      );
      await open('/rejected/5');
      expect(where()).toBe('/home');
    },
  );

  it("shows the server's message when the order is not the patient's", async () => {
    api.on('GET /api/assessment-outcome/5', fail(404, 'Order not found.'));
    await open('/rejected/5');
    expect(root().querySelector('[role="alert"]')?.textContent).toBe('Order not found.');
    expect(link('Back to home')).toBeTruthy();
  });
});

describe('the meeting-missed page', () => {
  it('explains the visit and offers to rebook through support', async () => {
    await open('/meeting-missed');
    expect(root().querySelector('h1')?.textContent).toBe(meetingMissedTexts.title);
    expect(root().textContent).toContain('short video visit');
    expect(link('Contact support to rebook')?.getAttribute('href')).toMatch(
      new RegExp(`^mailto:${SUPPORT_CONTACT.email}\\?subject=`),
    );
    expect(link('Back to home')?.getAttribute('href')).toBe('/home');
  });
});
