import { catalogAdminMessages, type CouponView } from '@clinic/contracts';
import { type as typeText } from '../../account/testing/kit';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until } from '../clinic/testing';
import { click, labelled } from '../pharmacy/testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const cards = () => [...root().querySelectorAll<HTMLElement>('.cc-card')];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const LIST = 'GET /api/console/coupons';
/** The checkbox inside the label that reads `name`. */
const checkbox = (name: string) =>
  [...dialog()!.querySelectorAll('label')]
    .find((l) => l.textContent === name)!
    .querySelector('input')!;

function coupon(over: Partial<CouponView> = {}): CouponView {
  return {
    id: 1,
    code: 'WELCOME25',
    amountCents: 2500,
    paymentTerms: null,
    startsAt: null,
    expiresAt: null,
    maxUses: null,
    maxUsesPerPatient: null,
    active: true,
    uses: 4,
    version: 1,
    updatedAt: '2026-11-20T15:00:00.000Z',
    ...over,
  };
}

const listOf = (coupons: CouponView[]) => ok({ status: 'success', coupons });

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('admin'));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

async function open() {
  view = await openConsole('/console/coupons', 'admin');
  await until(view, () => cards().length > 0 || root().querySelector('.console-empty') !== null);
}

describe('the coupons page', () => {
  it('lists each coupon with its discount, plans, uses and whether it is live', async () => {
    api.on(
      LIST,
      listOf([
        coupon(),
        coupon({
          id: 2,
          code: 'SAVE100',
          amountCents: 10000,
          paymentTerms: [6, 12],
          maxUses: 3,
          uses: 3,
        }),
      ]),
    );
    await open();
    const [welcome, save] = cards();
    expect(welcome!.textContent).toContain('$25.00');
    expect(welcome!.textContent).toContain('Every plan');
    expect(welcome!.querySelector('.cc-state')?.textContent).toBe('Active');
    expect(save!.textContent).toContain('Half Yearly Plan, Yearly Plan');
    expect(save!.textContent).toContain('3 of 3');
    expect(save!.querySelector('.cc-state')?.textContent).toBe('Used up');
  });

  it('creates a coupon from dollars and plans, then reads the list again', async () => {
    const made = coupon({
      id: 9,
      code: 'SPRING30',
      amountCents: 3050,
      paymentTerms: [3],
      maxUses: 50,
    });
    api.on(LIST, listOf([]), listOf([made]));
    api.on('POST /api/console/coupons', ok({ status: 'success', coupon: made }));
    await open();
    await click(buttonNamed(root(), 'New coupon'));
    await typeText(labelled<HTMLInputElement>(dialog()!, 'Code'), 'SPRING30');
    await typeText(labelled<HTMLInputElement>(dialog()!, 'Discount in dollars'), '30.50');
    await click(checkbox('Quarterly Plan'));
    await typeText(labelled<HTMLInputElement>(dialog()!, 'Uses in all'), '50');
    await click(buttonNamed(dialog()!, 'Create coupon'));
    expect(api.sent('POST /api/console/coupons')).toEqual([
      {
        code: 'SPRING30',
        amountCents: 3050,
        paymentTerms: [3],
        startsAt: null,
        expiresAt: null,
        maxUses: 50,
        maxUsesPerPatient: null,
        active: true,
      },
    ]);
    await until(view!, () => cards().length === 1);
    expect(dialog()).toBeNull();
    expect(root().querySelector('[role="status"]')?.textContent).toBe('SPRING30 is ready to use.');
  });

  it("shows the server's refusal under the field it names, and keeps the dialog open", async () => {
    const message = catalogAdminMessages.largerThanPrice(13499);
    api.on(LIST, listOf([coupon()]));
    api.on(
      'PUT /api/console/coupons/1',
      fail(400, message, { fields: [{ field: 'amountCents', message }] }),
    );
    await open();
    await click(buttonNamed(cards()[0]!, 'Change WELCOME25'));
    const amount = labelled<HTMLInputElement>(dialog()!, 'Discount in dollars');
    expect(amount.value).toBe('25.00');
    await typeText(amount, '500');
    await click(buttonNamed(dialog()!, 'Save changes'));
    expect(api.sent('PUT /api/console/coupons/1')).toEqual([
      expect.objectContaining({
        version: 1,
        coupon: expect.objectContaining({ amountCents: 50000 }),
      }),
    ]);
    await until(view!, () => amount.getAttribute('aria-invalid') === 'true');
    expect(dialog()?.textContent).toContain(message);
  });

  it('refuses a discount that is not an amount before asking the server', async () => {
    api.on(LIST, listOf([]));
    await open();
    await click(buttonNamed(root(), 'New coupon'));
    await typeText(labelled<HTMLInputElement>(dialog()!, 'Code'), 'ODD');
    await typeText(labelled<HTMLInputElement>(dialog()!, 'Discount in dollars'), 'ten');
    await click(buttonNamed(dialog()!, 'Create coupon'));
    expect(dialog()?.textContent).toContain('Enter the discount in dollars');
    expect(api.sent('POST /api/console/coupons')).toHaveLength(0);
  });
});
