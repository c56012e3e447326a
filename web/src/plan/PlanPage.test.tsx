import {
  currentDoseChoices,
  disqualificationMessage,
  offerPlans,
  saveCartRequestSchema,
  stateRulesSeed,
  type OfferVariant,
} from '@clinic/contracts';
import { CART_KEY, readCart } from '../cart/cartStore';
import { buttonByText, click, flush, renderPage, where } from '../intake/testing/dom';
import { catalog, planProduct, storeIntake } from '../intake/testing/fixtures';
import { setSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { OFFERS_KEY } from '../tracking/activeOffers';
import { doseNote, PlanPage } from './PlanPage';
import { planSaveFailedMessage, planUnavailableMessage } from './savePlan';
import { testSession } from '../test-utils/session';

let view: Rendered | undefined;
let fetchMock: FetchMock;
let alertSpy: jest.SpyInstance;

async function open(products = catalog, offers = offerPlans, rules = stateRulesSeed) {
  view = await renderPage(
    '/weight-loss-plan',
    { '/weight-loss-plan': <PlanPage /> },
    products,
    offers,
    rules,
  );
  return view;
}
const heading = () => view!.container.querySelector('h1')?.textContent;
const press = (text: string) => click(buttonByText(view!.container, text));
const cards = () => [...view!.container.querySelectorAll('article.med-card')];

/** 5 ft 10 in: 140 lbs is BMI 20.1, 130 lbs is 18.7. The default quiz is BMI 32.3. */
const lowBmi = { feet: '5', inches: '10', weight: '140', desiredWeight: '130' };
const veryLowBmi = { feet: '5', inches: '10', weight: '130', desiredWeight: '120' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = installFetchMock();
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

describe('PlanPage questions', () => {
  it('sends a visitor without quiz answers to /', async () => {
    await open();
    expect(where(view!)).toBe('/');
  });

  it('No: goes straight to the medication cards', async () => {
    storeIntake(9);
    await open();
    expect(heading()).toBe('Currently taking weight-loss medication?');
    await press('No');
    expect(heading()).toBe('Choose your medication');
    expect(document.activeElement).toBe(view!.container.querySelector('h1'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Yes: asks for the drug, then the dose with the photo note, then shows the cards', async () => {
    storeIntake(9);
    await open();
    await press('Yes');
    expect(heading()).toBe('Which medication are you taking?');
    await press('Semaglutide');
    expect(heading()).toBe('What is your current dose?');
    expect(view!.container.textContent).toContain(doseNote);
    const doses = [...view!.container.querySelectorAll('.plan__doses button')].map(
      (b) => b.textContent,
    );
    expect(doses).toEqual([...currentDoseChoices.semaglutide]);

    await press('Go Back');
    await press('Tirzepatide');
    expect(
      [...view!.container.querySelectorAll('.plan__doses button')].map((b) => b.textContent),
    ).toEqual(['2.5 mg', '5 mg', '7.5 mg', '10 mg', '12.5 mg', '15 mg']);
    await press('7.5 mg');
    expect(heading()).toBe('Choose your medication');
  });

  it('shows the two cards with badge, loss, receptors, doses and month-1 price', async () => {
    storeIntake(9);
    await open();
    await press('No');
    const [tirz, sema] = cards().map((card) => card.textContent);
    expect(tirz).toContain('Most Effective');
    expect(tirz).toContain('up to 22% weight loss');
    expect(tirz).toContain('2 receptors');
    expect(tirz).toContain('Doses: 2.5, 5, 7.5, 10, 12.5 and 15 mg');
    expect(tirz).toContain('from $224.99 for month 1');
    expect(sema).toContain('Most Popular');
    expect(sema).toContain('up to 16% weight loss');
    expect(sema).toContain('1 receptor');
    expect(sema).toContain('Doses: 0.5, 1, 1.75 and 2.5 mg');
    expect(sema).toContain('from $134.99 for month 1');
  });
});

describe('PlanPage BMI check', () => {
  beforeEach(() => setSession(testSession({ token: 'tok', id: 1 })));

  it('disqualifies a new user under BMI 25: tags the lead and goes to /sorry', async () => {
    storeIntake(9, lowBmi);
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', message: 'ok' }));
    await open();
    await press('No');
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/forms/add-disqualify?reason=bmi_below_25&currentGLPMed=No');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    expect(where(view!)).toBe(
      `/sorry?message=${encodeURIComponent(disqualificationMessage('bmi_below_25'))}`,
    );
  });

  it('lets a current user with BMI 20 or more through', async () => {
    storeIntake(9, lowBmi);
    await open();
    await press('Yes');
    await press('Tirzepatide');
    await press('5 mg');
    expect(heading()).toBe('Choose your medication');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('disqualifies a current user under BMI 20, even when tagging fails', async () => {
    storeIntake(9, veryLowBmi);
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 'error', message: 'down' }));
    await open();
    await press('Yes');
    await press('Semaglutide');
    await press('1 mg');
    await flush();
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/forms/add-disqualify?reason=bmi_below_20&currentGLPMed=Yes',
    );
    expect(where(view!)).toBe(
      `/sorry?message=${encodeURIComponent(disqualificationMessage('bmi_below_20'))}`,
    );
  });
});

describe('PlanPage medication choice', () => {
  function savedRequest() {
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/forms/save-cart');
    expect(init?.method).toBe('POST');
    return saveCartRequestSchema.parse(JSON.parse(String(init?.body)));
  }

  it.each<[OfferVariant, OfferVariant, 'Tirzepatide' | 'Semaglutide', string, number]>([
    ['default', 'default', 'Tirzepatide', 'tirz_plan_1', 1],
    ['default', 'default', 'Semaglutide', 'sema_plan_278928', 4],
    ['A', 'default', 'Semaglutide', 'sema_plan_134562', 5],
    ['A', 'A', 'Tirzepatide', 'tirz_plan_1', 1],
    ['B', 'B', 'Tirzepatide', 'tirz_plan_2', 2],
    ['B', 'B', 'Semaglutide', 'sema_plan_278928', 4],
    ['C', 'C', 'Semaglutide', 'sema_plan_367367', 6],
    ['C', 'C', 'Tirzepatide', 'tirz_plan_3', 3],
  ])(
    'offers sema %s / tir %s: %s saves plan %s and opens checkout',
    async (sema, tir, label, planId, productId) => {
      storeIntake(9);
      sessionStorage.setItem(OFFERS_KEY, JSON.stringify({ sema_offer: sema, tir_offer: tir }));
      // an earlier cart is replaced, not added to
      localStorage.setItem(CART_KEY, JSON.stringify([{ ...readCartItem(9), quantity: 2 }]));
      fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', id: 'cart-42' }));
      await open();
      await press('No');
      await press(`Choose ${label}`);
      await flush();

      const request = savedRequest();
      const tirz = label === 'Tirzepatide';
      expect(request).toEqual({
        id: productId,
        name: label,
        price: tirz ? 224.99 : 134.99,
        retail_price: tirz ? 349.97 : 249.97,
        quantity: 1,
        main_type: 'Prescription',
        subheader: 'Compound Medication',
        category: 'primary',
        sku: planId,
        stripe_id: planId,
        sema_offer: sema,
        tir_offer: tir,
        currentGLPMed: 'No',
        currentDose: '',
      });
      expect(readCart()).toEqual([
        expect.objectContaining({ id: productId, stripe_id: planId, quantity: 1 }),
      ]);
      expect(where(view!)).toBe('/weight-loss-payment/cart-42');
    },
  );

  it("sells the plan checkout's offers name now, which an admin may have changed", async () => {
    storeIntake(9);
    sessionStorage.setItem(OFFERS_KEY, JSON.stringify({ sema_offer: 'A', tir_offer: 'default' }));
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', id: 'cart-43' }));
    await open(catalog, {
      ...offerPlans,
      semaglutide: { default: 'sema_plan_278928', A: 'sema_plan_367367' },
    });
    await press('No');
    await press('Choose Semaglutide');
    await flush();
    expect(savedRequest()).toMatchObject({ id: 6, sku: 'sema_plan_367367', sema_offer: 'A' });
  });

  it("sends the current user's answers with the cart", async () => {
    storeIntake(9);
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', id: 'c1' }));
    await open();
    await press('Yes');
    await press('Tirzepatide');
    await press('10 mg');
    await press('Choose Tirzepatide');
    await flush();
    expect(savedRequest()).toMatchObject({ currentGLPMed: 'Yes', currentDose: '10 mg' });
  });

  it('shows a save failure in an alert and lets the visitor try again', async () => {
    storeIntake(9);
    fetchMock.mockResolvedValueOnce(jsonResponse(500, {}));
    await open();
    await press('No');
    await press('Choose Semaglutide');
    await flush();
    expect(alertSpy).toHaveBeenCalledWith(planSaveFailedMessage);
    expect(where(view!)).toBe('/weight-loss-plan');
    expect(buttonByText(view!.container, 'Choose Semaglutide').disabled).toBe(false);

    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, { status: 'error', message: 'You do not qualify.' }),
    );
    await press('Choose Semaglutide');
    await flush();
    expect(alertSpy).toHaveBeenLastCalledWith('You do not qualify.');
  });

  it('alerts instead of saving when the plan product is missing from the catalog', async () => {
    storeIntake(9);
    await open([planProduct(4, 'semaglutide', 'sema_plan_278928', 'default')]);
    await press('No');
    await press('Choose Tirzepatide');
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(alertSpy).toHaveBeenCalledWith(planUnavailableMessage);
  });

  it('sends a visitor whose state an admin blocked since the quiz to /sorry, saving no cart', async () => {
    storeIntake(9, { state: 'California' });
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', message: 'ok' }));
    await open(catalog, offerPlans, { ...stateRulesSeed, blockedStates: ['CA'] });
    await press('No');
    await press('Choose Tirzepatide');
    await flush();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/forms/add-disqualify?reason=state_not_available&currentGLPMed=No',
    ]);
    expect(where(view!)).toBe(
      `/sorry?message=${encodeURIComponent(disqualificationMessage('state_not_available', 'CA'))}`,
    );
    expect(readCart()).toEqual([]);
  });

  it('saves once when a card is tapped twice', async () => {
    storeIntake(9);
    fetchMock.mockReturnValue(new Promise(() => {}));
    await open();
    await press('No');
    const button = buttonByText(view!.container, 'Choose Tirzepatide');
    await click(button);
    await click(button);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

function readCartItem(id: number) {
  return {
    id,
    name: 'Old',
    price: 1,
    retail_price: 1,
    quantity: 1,
    main_type: 'OTC',
    category: 'secondary',
    sku: 'old',
    stripe_id: 'old',
  };
}
