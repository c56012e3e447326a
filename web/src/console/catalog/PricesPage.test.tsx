import { catalogAdminMessages, defaultPriceTable, offerPlans } from '@clinic/contracts';
import { type as typeText } from '../../account/testing/kit';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, ok, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until } from '../clinic/testing';
import { click } from '../pharmacy/testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const drugBox = (drug: string) => root().querySelector<HTMLElement>(`[data-drug="${drug}"]`)!;
/** The input a label names inside `box`. */
function field(box: HTMLElement, name: string): HTMLInputElement {
  const label = [...box.querySelectorAll('label')].find((l) => l.textContent === name)!;
  return document.getElementById(label.htmlFor) as HTMLInputElement;
}

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('admin'));
  api.on('GET /api/console/prices/history', ok({ status: 'success', changes: [] }));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

describe('the prices page', () => {
  it("saves the table in cents from the version shown, the add-on's price too", async () => {
    const changed = {
      ...defaultPriceTable,
      tirzepatide: {
        ...defaultPriceTable.tirzepatide,
        terms: { ...defaultPriceTable.tirzepatide.terms, 6: 139999 },
      },
      antiNausea: 2497,
    };
    api.on(
      'GET /api/console/prices',
      ok({ status: 'success', version: 3, value: defaultPriceTable }),
      ok({ status: 'success', version: 4, value: changed }),
    );
    api.on('PUT /api/console/prices', ok({ status: 'success', version: 4, value: changed }));
    view = await openConsole('/console/prices', 'admin');
    await until(view, () => root().querySelector('[data-drug="tirzepatide"]') !== null);
    const sixMonths = field(drugBox('tirzepatide'), 'Half Yearly Plan');
    expect(sixMonths.value).toBe('1349.82');
    await typeText(sixMonths, '1399.99');
    const addOn = field(drugBox('anti-nausea'), 'One-time price');
    expect(addOn.value).toBe('19.97');
    await typeText(addOn, '24.97');
    await click(buttonNamed(root(), 'Save prices'));
    expect(api.sent('PUT /api/console/prices')).toEqual([{ value: changed, version: 3 }]);
    await until(view, () => root().querySelector('[role="status"]') !== null);
    expect(root().querySelector('[role="status"]')?.textContent).toBe(
      'Prices saved. Carts saved from now on pay them.',
    );
  });

  it("shows the server's refusal under the price it names", async () => {
    api.on(
      'GET /api/console/prices',
      ok({ status: 'success', version: 0, value: defaultPriceTable }),
    );
    api.on(
      'PUT /api/console/prices',
      fail(400, 'Invalid request body', {
        fields: [{ field: 'value.semaglutide.firstMonth', message: catalogAdminMessages.price }],
      }),
    );
    view = await openConsole('/console/prices', 'admin');
    await until(view, () => root().querySelector('[data-drug="semaglutide"]') !== null);
    const first = field(drugBox('semaglutide'), 'Month 1 (monthly plan)');
    await typeText(first, '-5');
    await click(buttonNamed(root(), 'Save prices'));
    await until(view, () => first.getAttribute('aria-invalid') === 'true');
    expect(drugBox('semaglutide').textContent).toContain(catalogAdminMessages.price);
  });
});

describe('the offers page', () => {
  it('saves the plan an offer sells, and a variant back to the default plan', async () => {
    api.on('GET /api/console/offers', ok({ status: 'success', version: 0, value: offerPlans }));
    api.on('GET /api/console/offers/history', ok({ status: 'success', changes: [] }));
    api.on(
      'GET /api/get-all-products',
      ok({
        status: 'success',
        products: ['sema_plan_278928', 'sema_plan_134562', 'sema_plan_367367'].map((sku, i) => ({
          id: i + 4,
          name: 'Semaglutide',
          sku,
          stripe_id: sku,
          category: 'primary',
          is_prescription: true,
          image_pre_text: 'Compound Medication',
          drug: 'semaglutide',
          offer_variant: null,
          pricing: { retail_price: 249.97, first_month_price: 134.99 },
        })),
      }),
    );
    api.on('PUT /api/console/offers', ok({ status: 'success', version: 1, value: offerPlans }));
    view = await openConsole('/console/offers', 'admin');
    await until(view, () => root().querySelector('[data-drug="semaglutide"]') !== null);
    const box = drugBox('semaglutide');
    const select = (name: string) => {
      const label = [...box.querySelectorAll('label')].find((l) => l.textContent === name)!;
      return document.getElementById(label.htmlFor) as HTMLSelectElement;
    };
    const { act } = await import('react');
    await act(async () => {
      select('Offer A').value = 'sema_plan_367367';
      select('Offer A').dispatchEvent(new Event('change', { bubbles: true }));
      select('Offer C').value = '';
      select('Offer C').dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(buttonNamed(root(), 'Save offers'));
    expect(api.sent('PUT /api/console/offers')).toEqual([
      {
        version: 0,
        value: {
          ...offerPlans,
          semaglutide: { default: 'sema_plan_278928', A: 'sema_plan_367367' },
        },
      },
    ]);
  });
});
