import {
  SMALL_CELL_TEXT,
  funnelSteps,
  liveConversionEvents,
  liveConversionsSocketPath,
  type LiveConversion,
  type LiveToday,
} from '@clinic/contracts';
import type { Rendered } from '../../test-utils/render';
import { fakeApi } from '../../verify/testing/harness';
import { meAnswer, openConsole, until } from '../clinic/testing';
import { sockets } from '../support/testing';
import type * as Testing from '../support/testing';

jest.mock('socket.io-client', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  io: (options: unknown) => (require('../support/testing') as typeof Testing).fakeIo(options),
}));

let view: Rendered | undefined;
const root = () => view!.container;
const items = () =>
  [...root().querySelectorAll('.mk-feed__item')].map((li) => [
    li.querySelector('.mk-feed__step')?.textContent,
    li.querySelector('.mk-feed__campaign')?.textContent,
    li.querySelector('.mk-feed__amount')?.textContent,
  ]);

const conversion = (over: Partial<LiveConversion>): LiveConversion => ({
  id: 'e1',
  step: 'paid',
  campaign: 'autumn',
  source: 'google',
  offer: 'B',
  amountCents: 29900,
  at: '2026-11-27T18:00:00.000Z',
  ...over,
});

const today = (paid: number | '<11'): LiveToday => ({
  day: '2026-11-27',
  steps: funnelSteps.map((step) => ({ step, people: step === 'paid' ? paid : 0 })),
  grossCents: typeof paid === 'number' ? paid * 29900 : SMALL_CELL_TEXT,
  refundsCents: 0,
});

beforeEach(() => {
  localStorage.clear();
  sockets.length = 0;
  fakeApi().on('GET /api/console/me', meAnswer('marketing'));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

async function open() {
  view = await openConsole('/console/live-conversions', 'marketing');
  await until(view, () => sockets.length === 1);
  await until(view, () => root().textContent?.includes('Live') ?? false);
  return sockets[0]!;
}

describe('live conversions', () => {
  it("opens the feed with the staff session's token and shows what it is sent, newest first", async () => {
    const socket = await open();
    expect(socket.options).toMatchObject({
      path: liveConversionsSocketPath,
      transports: ['websocket'],
      auth: { token: 'tok' },
    });
    await socket.push(liveConversionEvents.snapshot, {
      conversions: [conversion({ id: 'e1', step: 'lead-qualified', amountCents: 0 })],
      today: today(SMALL_CELL_TEXT),
    });
    expect(items()).toEqual([['Qualified in the quiz', 'autumn · google · offer B', '']]);
    expect(root().querySelector('.mk-today')?.textContent).toContain('Paid<11');

    await socket.push(
      liveConversionEvents.conversion,
      conversion({ id: 'e2', at: '2026-11-27T18:01:00.000Z' }),
    );
    await socket.push(liveConversionEvents.today, today(12));
    expect(items()).toEqual([
      ['Paid', 'autumn · google · offer B', '$299.00'],
      ['Qualified in the quiz', 'autumn · google · offer B', ''],
    ]);
    expect(root().querySelector('.mk-today')?.textContent).toContain('Paid12');
    expect(root().querySelector('.mk-today')?.textContent).toContain('$3,588.00');
  });

  it('keeps a conversion once when a reconnect sends it again', async () => {
    const socket = await open();
    const once = conversion({ id: 'e9' });
    await socket.push(liveConversionEvents.conversion, once);
    await socket.push(liveConversionEvents.snapshot, { conversions: [once], today: today(0) });
    expect(items()).toHaveLength(1);
  });

  it('says when nothing has happened yet today', async () => {
    const socket = await open();
    await socket.push(liveConversionEvents.snapshot, { conversions: [], today: today(0) });
    expect(root().textContent).toContain('No conversions yet today');
  });
});
