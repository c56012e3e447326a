import request from 'supertest';
import { cards, startCheckout, type CheckoutHarness } from '../../testing/checkout-harness';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// Spec 001 section 9: more than 3 insufficient-funds declines block for 24 hours. Both edges of
// that window matter to a patient: the block must end on time, and a decline from yesterday must
// not count towards today's block. Every payment goes on a new cart so that the per-cart attempt
// limit never answers first. Each test has its own service: the test card's fingerprint carries
// its declines from one test to the next.
describe('the 24-hour insufficient-funds window (spec 001 sections 4 and 9)', () => {
  let t: CheckoutHarness;
  beforeEach(async () => {
    t = await startCheckout();
  });
  afterEach(async () => t.close());

  const buyer = () => t.patient(601);
  const decline = async () =>
    t.pay(
      await t.saveCart({ as: buyer() }),
      { cardNumber: cards.insufficientFunds },
      { as: buyer() },
    );
  const payWithGoodCard = async () =>
    t.pay(await t.saveCart({ as: buyer() }), { cardNumber: cards.visa }, { as: buyer() });
  const declines = async (n: number) => {
    const statuses = [];
    for (let i = 0; i < n; i += 1) statuses.push((await decline()).status);
    return statuses;
  };

  it('blocks the patient for exactly 24 hours from the blocking decline', async () => {
    expect(await declines(3)).toEqual([402, 402, 402]);
    const fourth = await decline();
    expect(fourth.status).toBe(423);
    expect(fourth.body.blocked_until).toBe('2026-11-23T12:00:00.000Z');

    t.clock.advance(DAY - 1);
    expect((await payWithGoodCard()).status).toBe(423);
    const still = await request(t.service.app)
      .get('/api/block-user-payment')
      .set(t.service.as(buyer()));
    expect(still.body.blocked).toBe(true);

    t.clock.advance(1);
    const after = await request(t.service.app)
      .get('/api/block-user-payment')
      .set(t.service.as(buyer()));
    expect(after.body).toMatchObject({ blocked: false, blocked_until: null });
    expect((await payWithGoodCard()).status).toBe(200);
  });

  it('counts a decline made 1 ms less than 24 hours ago', async () => {
    expect(await declines(3)).toEqual([402, 402, 402]);
    t.clock.advance(DAY - 1);
    expect((await decline()).status).toBe(423);
  });

  it('does not count declines 24 hours old or older towards a new block', async () => {
    expect(await declines(3)).toEqual([402, 402, 402]);
    t.clock.advance(DAY);
    // Yesterday's three are out of the window: the count starts again at today's declines.
    expect(await declines(3)).toEqual([402, 402, 402]);
    expect((await decline()).status).toBe(423);
  });
});
