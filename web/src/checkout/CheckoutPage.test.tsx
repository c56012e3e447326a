import { act } from 'react';
import {
  amountDueTodayCents,
  checkoutMessages,
  checkoutRequestSchema,
  couponMessages,
  defaultPriceTable,
  existingAccountMessage,
  monthlyAverageCents,
  paymentTermLabels,
  saveCartRequestSchema,
  stateRulesSeed,
  termPrices,
  termSavingsCents,
  type DrugPrices,
} from '@clinic/contracts';
import { CART_KEY, readCart } from '../cart/cartStore';
import {
  buttonByText,
  byLabel,
  choose,
  click,
  flush,
  renderPage,
  type,
  where,
} from '../intake/testing/dom';
import { catalog } from '../intake/testing/fixtures';
import { getSession, setSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { OFFERS_KEY } from '../tracking/activeOffers';
import { TRACKING_SESSION_KEY } from '../tracking/trackingSession';
import { SUPPORT_CONTACT } from '../brand';
import { blockedTexts, formatUntil } from './BlockedNotice';
import { CheckoutPage } from './CheckoutPage';
import { cartBlockedText } from './checkoutErrors';
import { CONVERSION_ID_KEY } from './conversionId';
import { formatUsd } from '../ui/money';
import { PREAUTHS_KEY } from '../session/preauths';
import { cartLinkSession, testSession, testUser } from '../test-utils/session';

// ---------------------------------------------------------------------------------------------
// Fixtures and a fetch that answers by method and path

const tirzItem = {
  id: 1,
  name: 'Tirzepatide',
  price: 224.99,
  retail_price: 349.97,
  quantity: 1,
  main_type: 'Prescription',
  subheader: 'Compound Medication',
  category: 'primary',
  sku: 'tirz_plan_2',
  stripe_id: 'tirz_plan_2',
};
const semaItem = {
  ...tirzItem,
  id: 4,
  name: 'Semaglutide',
  price: 134.99,
  retail_price: 249.97,
  sku: 'sema_plan_278928',
  stripe_id: 'sema_plan_278928',
};
/** The patient as a checkout link shows them: a session scoped to the cart, first name only. */
const patient = {
  id: 42,
  first_name: 'Ana',
  role: 'patient',
  session_scope: 'cart',
};

function cartAnswer(
  item = tirzItem,
  userData: Record<string, unknown> | null = null,
  prices: DrugPrices = defaultPriceTable[item === semaItem ? 'semaglutide' : 'tirzepatide'],
) {
  return {
    status: 'success',
    cartItem: [{ ...item, sema_offer: 'A', tir_offer: 'B' }],
    userData,
    message: 'Cart found.',
    prices,
  };
}

const tokenAnswer = {
  id: 'tok_visa_1',
  object: 'token',
  type: 'card',
  card: {
    id: 'card_1',
    object: 'card',
    brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: 2030,
  },
  created: 1,
  livemode: false,
  used: false,
};

const paidAnswer = {
  status: 'success',
  prescriptionPreauths: [{ orderId: 901, product_id: 1, product_name: 'Tirzepatide' }],
  transaction_id: 'ch_123',
  customerId: 'cus_1',
  amount: 134982,
  payment_terms: 6,
};

type Answer = Response | ((url: string, init?: RequestInit) => Response | Promise<Response>);
let routes: Record<string, Answer>;
let fetchMock: FetchMock;
let view: Rendered | undefined;

function serve(overrides: Record<string, Answer> = {}) {
  routes = {
    'GET /api/get-cart/cart-1': jsonResponse(200, cartAnswer()),
    'GET /api/payment-config': jsonResponse(200, { processor: 'sandbox', publishableKey: null }),
    'GET /api/block-user-payment': jsonResponse(200, {
      status: 'success',
      blocked: false,
      cart_blocked: false,
      blocked_until: null,
    }),
    'POST /sandbox/v1/tokens': jsonResponse(200, tokenAnswer),
    'POST /api/checkout-new': jsonResponse(200, paidAnswer),
    'POST /api/save-address': jsonResponse(200, { status: 'success', message: 'Saved.' }),
    ...overrides,
  };
}

function calls(method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => {
      const [p] = String(url).split('?');
      return p === path && (init?.method ?? 'GET').toUpperCase() === method;
    })
    .map(([url, init]) => ({
      url: String(url),
      headers: new Headers(init?.headers),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    }));
}

async function open(path = '/weight-loss-payment/cart-1') {
  view = await renderPage(
    path,
    {
      '/weight-loss-payment/:cartId?': <CheckoutPage variant="public" />,
      '/weightlosspayment/:cartId?': <CheckoutPage variant="call-center" />,
    },
    catalog,
  );
  await flush();
  return view;
}

const root = () => view!.container;
const text = () => root().textContent ?? '';
const alert = () => root().querySelector('.co-error[role="alert"]')?.textContent ?? null;
const payButton = () =>
  [...root().querySelectorAll('button')].find((b) => b.textContent?.startsWith('Pay $'))!;
const dueToday = () => root().querySelector('[data-testid="due-today"]')?.textContent;
const term = (months: number) =>
  root().querySelector<HTMLElement>(`.co-term[data-term="${months}"]`)!;
const address = (section: 'shipping' | 'billing') =>
  root().querySelector<HTMLElement>(`[data-address="${section}"]`)!;

/** The checkbox inside the label that reads `label`. */
function checkbox(label: string): HTMLInputElement {
  const found = [...root().querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const input = found?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (!input) throw new Error(`No checkbox "${label}"`);
  return input;
}

const guestSection = () => root().querySelector<HTMLElement>('[data-section="guest"]');

/** A guest's details (the section shows only when nobody known is buying). */
async function fillGuest(
  fields: Partial<Record<'first' | 'last' | 'email' | 'phone', string>> = {},
) {
  const box = guestSection();
  if (!box) throw new Error('No guest details on the page');
  const f = {
    first: 'Gina',
    last: 'Guest',
    email: 'gina@example.com',
    phone: '(512) 555-0123',
    ...fields,
  };
  await type(byLabel(box, 'First name'), f.first);
  await type(byLabel(box, 'Last name'), f.last);
  await type(byLabel(box, 'Email'), f.email);
  await type(byLabel(box, 'Mobile phone'), f.phone);
}

/**
 * An address section's fields. The shipping address comes with a guest's details when the page
 * asks for them (a guest pays only with both), unless the test fills them itself.
 */
async function fillAddress(
  section: 'shipping' | 'billing',
  fields: Partial<Record<'line1' | 'line2' | 'city' | 'state' | 'zip', string>> = {},
) {
  const guest = guestSection();
  if (section === 'shipping' && guest && byLabel(guest, 'Email').value === '') await fillGuest();
  const box = address(section);
  const f = { line1: '123 Main St', city: 'Austin', state: 'TX', zip: '78701', ...fields };
  await type(byLabel(box, 'Address line 1'), f.line1);
  if (f.line2 !== undefined) await type(byLabel(box, 'Address line 2 (optional)'), f.line2);
  await type(byLabel(box, 'City'), f.city);
  await choose(byLabel<HTMLSelectElement>(box, 'State'), f.state);
  await type(byLabel(box, 'ZIP code'), f.zip);
}

async function fillCard(number = '4242 4242 4242 4242', expiry = '12/30', cvc = '123') {
  await type(byLabel(root(), 'Card number'), number);
  await type(byLabel(root(), 'Expiry (MM/YY)'), expiry);
  await type(byLabel(root(), 'CVC'), cvc);
}

async function pay() {
  await click(payButton());
  await flush();
  await flush();
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = installFetchMock();
  serve();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.split('?')[0]}`;
    const answer = routes[key];
    if (!answer) return jsonResponse(404, { status: 'error', message: `No route ${key}` });
    return typeof answer === 'function' ? answer(url, init) : answer;
  });
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------

describe('CheckoutPage: loading the cart', () => {
  it('shows a loading stage, then the cart with step 2 of 4 and Tirzepatide chosen', async () => {
    let answer!: (r: Response) => void;
    routes['GET /api/get-cart/cart-1'] = () => new Promise<Response>((r) => (answer = r));
    view = await renderPage('/weight-loss-payment/cart-1', {
      '/weight-loss-payment/:cartId?': <CheckoutPage variant="public" />,
    });
    expect(text()).toContain('Loading your cart…');
    expect(text()).toContain('Step 2 of 4');
    answer(jsonResponse(200, cartAnswer()));
    await flush();
    expect(text()).not.toContain('Loading your cart…');
    expect(buttonByText(root(), 'Tirzepatide Most Effective').getAttribute('aria-pressed')).toBe(
      'true',
    );
    // the offers are taken off the cart item and kept; the cart is stored
    expect(JSON.parse(sessionStorage.getItem(OFFERS_KEY)!)).toEqual({
      sema_offer: 'A',
      tir_offer: 'B',
    });
    expect(readCart()).toEqual([tirzItem]);
    expect(calls('GET', '/api/block-user-payment')[0]!.url).toBe(
      '/api/block-user-payment?cart_id=cart-1',
    );
  });

  it('prices every term of tirzepatide, 6 months by default', async () => {
    await open();
    expect(term(6).querySelector('input')!.checked).toBe(true);
    expect(term(1).textContent).toBe(
      'Monthly Planbilled monthlythen $349.97/mo · 3-month commitment$224.99first month',
    );
    expect(term(3).textContent).toBe(
      'Quarterly Planbilled quarterly$249.99/mo average$749.97Save $174.96',
    );
    expect(term(6).textContent).toBe(
      'Half Yearly Planbilled every 6 months$224.97/mo average$1,349.82Save $625.02',
    );
    expect(term(12).textContent).toBe(
      'Yearly Planbilled annually$191.66/mo average$2,299.97Save $1,774.69',
    );
    expect(dueToday()).toBe('$1,349.82');
    expect(payButton().textContent).toBe('Pay $1,349.82');

    await click(term(1).querySelector('input')!);
    expect(dueToday()).toBe('$224.99');
    expect(text()).toContain('Then $349.97 billed monthly · 3-month commitment');
    await click(term(12).querySelector('input')!);
    expect(dueToday()).toBe('$2,299.97');
  });

  it('prices a semaglutide cart from the contract rules', async () => {
    serve({ 'GET /api/get-cart/cart-1': jsonResponse(200, cartAnswer(semaItem)) });
    await open();
    expect(buttonByText(root(), 'Semaglutide Most Popular').getAttribute('aria-pressed')).toBe(
      'true',
    );
    for (const months of [3, 6, 12] as const) {
      const shown = term(months).textContent;
      expect(shown).toContain(paymentTermLabels[months].name);
      expect(shown).toContain(formatUsd(termPrices.semaglutide[months]));
      expect(shown).toContain(`${formatUsd(monthlyAverageCents('semaglutide', months))}/mo`);
      expect(shown).toContain(`Save ${formatUsd(termSavingsCents('semaglutide', months))}`);
    }
    expect(term(1).textContent).toContain('$134.99first month');
    expect(dueToday()).toBe(formatUsd(amountDueTodayCents('semaglutide', 6)));
  });

  it("shows and charges the cart's own prices, which an admin may have changed", async () => {
    const changed: DrugPrices = {
      firstMonth: 23999,
      terms: { ...defaultPriceTable.tirzepatide.terms, 1: 36999, 6: 139999 },
    };
    serve({ 'GET /api/get-cart/cart-1': jsonResponse(200, cartAnswer(tirzItem, null, changed)) });
    await open();
    expect(term(6).textContent).toContain('$1,399.99');
    expect(dueToday()).toBe('$1,399.99');
    await click(term(1).querySelector('input')!);
    expect(term(1).textContent).toContain('then $369.99/mo');
    expect(dueToday()).toBe('$239.99');
  });

  it("shows the server's message and the link hint when the cart cannot be loaded", async () => {
    serve({
      'GET /api/get-cart/cart-1': jsonResponse(404, {
        status: 'error',
        message: 'This cart was already paid.',
      }),
    });
    await open();
    expect(root().querySelector('[data-testid="cart-error"]')?.textContent).toBe(
      `This cart was already paid. ${checkoutMessages.cartLoadSuffix}`,
    );
    expect(root().querySelector('form')).toBeNull();
  });

  it('shows the unknown-cart text without a cart id or a server message', async () => {
    await open('/weight-loss-payment');
    expect(root().querySelector('[data-testid="cart-error"]')?.textContent).toBe(
      `${checkoutMessages.unknownCart} ${checkoutMessages.cartLoadSuffix}`,
    );
    await view!.unmount();
    serve({ 'GET /api/get-cart/cart-1': jsonResponse(500, undefined) });
    await open();
    expect(root().querySelector('[data-testid="cart-error"]')?.textContent).toBe(
      `${checkoutMessages.unknownCart} ${checkoutMessages.cartLoadSuffix}`,
    );
  });

  it("logs a visitor in with the cart link's user and token", async () => {
    serve({
      'GET /api/get-cart/cart-1': jsonResponse(
        200,
        cartAnswer(tirzItem, { ...patient, token: 'link-token' }),
      ),
    });
    await open();
    expect(getSession()).toEqual({ token: 'link-token', user: patient });
  });

  it('keeps the session of a logged-in visitor', async () => {
    setSession(testSession({ token: 'mine', id: 7 }));
    serve({
      'GET /api/get-cart/cart-1': jsonResponse(
        200,
        cartAnswer(tirzItem, { ...patient, token: 'link-token' }),
      ),
    });
    await open();
    expect(getSession()).toEqual(testSession({ token: 'mine', id: 7 }));
  });

  it("replaces another checkout link's session with this link's", async () => {
    setSession(cartLinkSession({ token: 'other-link', id: 9 }));
    serve({
      'GET /api/get-cart/cart-1': jsonResponse(
        200,
        cartAnswer(tirzItem, { ...patient, token: 'link-token' }),
      ),
    });
    await open();
    expect(getSession()).toEqual({ token: 'link-token', user: patient });
  });

  it('links the policies in the footer', async () => {
    await open();
    const links = [...root().querySelectorAll('.co-legal a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Refund Policy', '/legal/returns-refund-policy'],
      ['Terms and Conditions', '/legal/terms-of-use'],
      ['Terms of Use', '/legal/terms-of-use'],
      ['Privacy Policy', '/legal/privacy-policy'],
      ['HIPAA Notice', '/legal/hipaa-notice'],
      ['Telehealth Consent', '/legal/telehealth-consent'],
    ]);
  });
});

describe('CheckoutPage: coupons', () => {
  it('asks for a code before calling the server', async () => {
    await open();
    await click(buttonByText(root(), 'Apply'));
    expect(root().querySelector('#co-coupon-error')?.textContent).toBe(couponMessages.empty);
    expect(calls('POST', '/api/validate-coupon')).toHaveLength(0);
  });

  it('applies c_val as a flat discount once, and a term change clears it', async () => {
    serve({
      'POST /api/validate-coupon': jsonResponse(200, {
        status: 'success',
        coupon_id: 5,
        c_val: 25,
      }),
    });
    await open();
    await type(byLabel(root(), 'Coupon code'), 'WELCOME25');
    await click(buttonByText(root(), 'Apply'));
    await flush();
    expect(calls('POST', '/api/validate-coupon')[0]!.body).toEqual({
      coupon: 'WELCOME25',
      payment_terms: 6,
    });
    expect(dueToday()).toBe('$1,324.82');
    expect(text()).toContain('Coupon WELCOME25');
    expect(text()).toContain('Coupon applied: you save $25.00.');
    // applied: not validated again
    expect(byLabel(root(), 'Coupon code').disabled).toBe(true);
    expect(() => buttonByText(root(), 'Apply')).toThrow();

    await click(term(3).querySelector('input')!);
    expect(dueToday()).toBe('$749.97');
    expect(byLabel(root(), 'Coupon code').value).toBe('');
    expect(text()).not.toContain('Coupon applied');
    expect(calls('POST', '/api/validate-coupon')).toHaveLength(1);
  });

  it("shows the server's message when the coupon is refused", async () => {
    serve({
      'POST /api/validate-coupon': jsonResponse(400, {
        status: 'error',
        message: couponMessages.wrongTerm,
      }),
    });
    await open();
    await type(byLabel(root(), 'Coupon code'), 'SAVE100');
    await click(buttonByText(root(), 'Apply'));
    await flush();
    expect(root().querySelector('#co-coupon-error')?.textContent).toBe(couponMessages.wrongTerm);
    expect(dueToday()).toBe('$1,349.82');
  });
});

describe('CheckoutPage: address and validation', () => {
  it.each([
    ['no shipping address', {}],
    ['no city', { city: '' }],
    ['no state', { state: '' }],
    ['a short ZIP', { zip: '7870' }],
  ])('refuses %s', async (_name, fields) => {
    await open();
    await fillGuest();
    if (Object.keys(fields).length > 0) await fillAddress('shipping', fields);
    await fillCard();
    await pay();
    expect(alert()).toBe(checkoutMessages.incompleteShipping);
    expect(calls('POST', '/sandbox/v1/tokens')).toHaveLength(0);
    expect(calls('POST', '/api/checkout-new')).toHaveLength(0);
  });

  it('says, before any charge, that the rules in force do not serve the shipping state', async () => {
    serve({
      'GET /api/state-rules': jsonResponse(200, {
        status: 'success',
        version: 3,
        rules: { ...stateRulesSeed, blockedStates: ['WY'], noShippingStates: ['VT'] },
      }),
    });
    await open();
    await fillAddress('shipping', { city: 'Cheyenne', state: 'WY', zip: '82001' });
    await fillCard();
    await pay();
    expect(alert()).toBe(
      'Our GLP Medical Weight Loss program is not yet available in Wyoming, but we are launching there next month.',
    );
    await fillAddress('shipping', { city: 'Burlington', state: 'VT', zip: '05401' });
    await pay();
    expect(alert()).toBe(
      'Our pharmacy cannot ship to Vermont yet. Please use a shipping address in another state.',
    );
    expect(calls('POST', '/sandbox/v1/tokens')).toHaveLength(0);
    expect(calls('POST', '/api/checkout-new')).toHaveLength(0);
  });

  it('refuses an incomplete different billing address', async () => {
    await open();
    await fillAddress('shipping');
    await click(checkbox('Use a different billing address'));
    expect(root().querySelector('[data-address="billing"]')).not.toBeNull();
    await pay();
    expect(alert()).toBe(checkoutMessages.incompleteBilling);
  });

  it('needs the terms, accepted by default', async () => {
    await open();
    const terms = root().querySelector<HTMLInputElement>('.co-terms-check input')!;
    expect(terms.checked).toBe(true);
    await fillAddress('shipping');
    await click(terms);
    await pay();
    expect(alert()).toBe(checkoutMessages.acceptTerms);
    expect(calls('POST', '/api/checkout-new')).toHaveLength(0);
  });

  it.each([
    'PO Box 12',
    'P.O. Box 9',
    'Post Office Box 77',
    'p o box 3',
    'P.O.B. 77',
    'Postal Box 12',
    'P. O. B o x 12',
    'PO \u0412\u043E\u0445 12', // Cyrillic В, о, х
    'P\u200BO Box 12', // a zero-width space
  ])('shows the Invalid Address popup for "%s" and sends nothing', async (street) => {
    await open();
    await fillAddress('shipping', { line1: street });
    await fillCard();
    await pay();
    const dialog = root().querySelector('[role="alertdialog"]');
    expect(dialog?.querySelector('h2')?.textContent).toBe(checkoutMessages.invalidAddressTitle);
    expect(dialog?.textContent).toContain(checkoutMessages.poBox);
    expect(calls('POST', '/sandbox/v1/tokens')).toHaveLength(0);
    expect(calls('POST', '/api/checkout-new')).toHaveLength(0);
    await click(buttonByText(root(), 'OK'));
    expect(root().querySelector('[role="alertdialog"]')).toBeNull();
  });

  it('says why beside the street line as soon as it reads as a P.O. box (shipping only)', async () => {
    await open();
    const line1 = byLabel(address('shipping'), 'Address line 1');
    await type(line1, 'P.O.B. 77');
    expect(line1.getAttribute('aria-invalid')).toBe('true');
    const reason = root().querySelector(`#${line1.getAttribute('aria-describedby')}`);
    expect(reason?.textContent).toBe(checkoutMessages.poBox);
    await type(line1, '77 Boxwood Ave');
    expect(line1.getAttribute('aria-invalid')).toBeNull();
    await click(checkbox('Use a different billing address'));
    const billingLine1 = byLabel(address('billing'), 'Address line 1');
    await type(billingLine1, 'PO Box 12');
    expect(billingLine1.getAttribute('aria-invalid')).toBeNull();
  });

  it("opens the Invalid Address popup when the server reads a P.O. box, not the card's decline", async () => {
    routes['POST /api/checkout-new'] = jsonResponse(400, {
      status: 'error',
      message: checkoutMessages.poBox,
      address_error: true,
    });
    await open();
    await fillGuest();
    await fillAddress('shipping');
    await fillCard();
    await pay();
    const dialog = root().querySelector('[role="alertdialog"]');
    expect(dialog?.textContent).toContain(checkoutMessages.poBox);
    expect(alert()).toBeNull();
    expect(text()).not.toContain(checkoutMessages.declined);
  });

  it('fills the fields from the autocomplete text when the visitor leaves it', async () => {
    await open();
    const lookup = byLabel(address('shipping'), 'Find your address');
    expect(lookup.maxLength).toBe(256);
    await type(lookup, '77 Lake Dr 12B, Miami, FL 33101-1234');
    await act(async () => lookup.blur());
    const box = address('shipping');
    expect(byLabel(box, 'Address line 1').value).toBe('77 Lake Dr');
    expect(byLabel(box, 'Address line 2 (optional)').value).toBe('12B');
    expect(byLabel(box, 'City').value).toBe('Miami');
    expect(byLabel<HTMLSelectElement>(box, 'State').value).toBe('FL');
    expect(byLabel(box, 'ZIP code').value).toBe('33101-1234');
    for (const label of ['Address line 1', 'Address line 2 (optional)', 'City', 'ZIP code']) {
      expect(byLabel(box, label).maxLength).toBe(256);
    }
  });
});

describe('CheckoutPage: paying', () => {
  it('tokenises the card, pays once with an Idempotency-Key, then opens the upsell', async () => {
    sessionStorage.setItem(CONVERSION_ID_KEY, 'aff-9');
    sessionStorage.setItem(TRACKING_SESSION_KEY, 'trk-1');
    serve({
      'GET /api/get-cart/cart-1': jsonResponse(
        200,
        cartAnswer(tirzItem, { ...patient, token: 'link-token' }),
      ),
    });
    await open();
    await fillAddress('shipping', { line2: 'Apt 4' });
    await fillCard();
    await pay();

    expect(calls('POST', '/sandbox/v1/tokens')[0]!.body).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    const [sent] = calls('POST', '/api/checkout-new');
    expect(calls('POST', '/api/checkout-new')).toHaveLength(1);
    expect(sent!.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(sent!.headers.get('Authorization')).toBe('Bearer link-token');
    const body = checkoutRequestSchema.parse(sent!.body);
    expect(body).toEqual({
      payment_terms: 6,
      user_id: 42,
      id: 'cart-1',
      cardToken: 'tok_visa_1',
      amount: 134982,
      discount: 0,
      medication: 'Tirzepatide',
      couponCode: null,
      couponId: null,
      paymentMethod: 'card',
      cartItems: [tirzItem],
      cardDetails: { brand: 'visa', last4: '4242' },
      planId: 'tirz_plan_2',
      cartTotal: 1349.82,
      cartTotalNoDiscount: 1349.82,
      offer: 'B',
      billingAddress: null,
      shippingAddress: {
        addressLine1: '123 Main St',
        addressLine2: 'Apt 4',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
      user_agent: navigator.userAgent,
      ip_address: null,
      tracking_session_id: 'trk-1',
      // A checkout link shows no phone; the server has the patient's own.
      phone: null,
      c_id: 'aff-9',
    });

    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toEqual([
      {
        event: 'purchase',
        ecommerce: { transaction_id: 'ch_123', value: 1349.82, currency: 'USD' },
      },
    ]);
    expect(calls('POST', '/api/save-address')[0]!.body).toEqual({
      id: 42,
      addressLine1: '123 Main St',
      addressLine2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    expect(calls('POST', '/api/trust-form')).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem(PREAUTHS_KEY)!)).toEqual(
      paidAnswer.prescriptionPreauths,
    );
    expect(localStorage.getItem(CART_KEY)).toBe('[]');
    expect(where(view!)).toBe('/payment/thanks?terms=6&amount=1349.82&trans_id=ch_123');
  });

  it('pays as a guest with a coupon and a billing address, then is the new account', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1700000000000);
    const account = testUser({ id: 77, first_name: 'Gina', last_name: 'Guest' });
    serve({
      'POST /api/validate-coupon': jsonResponse(200, {
        status: 'success',
        coupon_id: 5,
        c_val: 25,
      }),
      'POST /api/checkout-new': jsonResponse(200, {
        ...paidAnswer,
        amount: 72497,
        payment_terms: 3,
        userData: { ...account, token: 'new-account' },
      }),
    });
    const existing = [{ event: 'page_view' }];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = existing;
    await open();
    await click(term(3).querySelector('input')!);
    await type(byLabel(root(), 'Coupon code'), 'WELCOME25');
    await click(buttonByText(root(), 'Apply'));
    await flush();
    await fillAddress('shipping');
    await click(checkbox('Use a different billing address'));
    await fillAddress('billing', { line1: '9 Bill Rd', city: 'Dallas', zip: '75201' });
    await fillCard();
    await pay();

    const body = calls('POST', '/api/checkout-new')[0]!.body!;
    expect(body).toMatchObject({
      payment_terms: 3,
      user_id: 'guest-1700000000000',
      amount: 72497,
      discount: 25,
      couponCode: 'WELCOME25',
      couponId: 5,
      cartTotal: 724.97,
      cartTotalNoDiscount: 749.97,
      billingAddress: {
        addressLine1: '9 Bill Rd',
        addressLine2: null,
        city: 'Dallas',
        state: 'TX',
        zip: '75201',
      },
      phone: null,
      c_id: null,
      guest: {
        first_name: 'Gina',
        last_name: 'Guest',
        email: 'gina@example.com',
        phone: '5125550123',
      },
    });
    expect(existing).toEqual([
      { event: 'page_view' },
      {
        event: 'purchase',
        ecommerce: { transaction_id: 'ch_123', value: 724.97, currency: 'USD' },
      },
    ]);
    // The buyer is now logged in to the account made for the order, which keeps the address.
    expect(getSession()).toEqual({ token: 'new-account', user: account });
    const [saved] = calls('POST', '/api/save-address');
    expect(saved!.headers.get('Authorization')).toBe('Bearer new-account');
    expect(saved!.body).toMatchObject({ id: 77, addressLine1: '123 Main St' });
    expect(where(view!)).toBe('/payment/thanks?terms=3&amount=724.97&trans_id=ch_123');
  });

  it("asks a guest who is buying, in the quiz's words, before anything is sent", async () => {
    await open();
    expect(guestSection()?.textContent).toContain('Your details');
    await fillGuest({ email: 'not-an-email' });
    await fillAddress('shipping');
    await fillCard();
    await pay();
    expect(alert()).toBe('Please enter a valid email address');
    await fillGuest({ phone: '123' });
    await pay();
    expect(alert()).toBe('Please enter a complete, valid phone number');
    expect(calls('POST', '/sandbox/v1/tokens')).toHaveLength(0);
    expect(calls('POST', '/api/checkout-new')).toHaveLength(0);
  });

  it('asks nothing of a patient the page knows (a login or the link of their cart)', async () => {
    serve({
      'GET /api/get-cart/cart-1': jsonResponse(
        200,
        cartAnswer(tirzItem, { ...patient, token: 'link-token' }),
      ),
    });
    await open();
    expect(guestSection()).toBeNull();
    await view?.unmount();
    serve();
    setSession(testSession({ token: 'mine', id: 7 }));
    await open();
    expect(guestSection()).toBeNull();
  });

  it('offers to log in, coming back here, when the email already has an account', async () => {
    serve({
      'POST /api/checkout-new': jsonResponse(409, {
        status: 'error',
        message: existingAccountMessage,
        existing_account: true,
      }),
    });
    await open();
    await fillAddress('shipping');
    await fillCard();
    await pay();
    expect(alert()).toBe(existingAccountMessage);
    const login = [...root().querySelectorAll('a')].find(
      (a) => a.textContent === 'Log in to finish your order',
    );
    expect(login?.getAttribute('href')).toBe(
      `/login?page_ref=${encodeURIComponent('/weight-loss-payment/cart-1')}`,
    );
    expect(getSession()).toBeNull();
  });

  it('goes on to the upsell when saving the address fails', async () => {
    setSession(testSession({ token: 't', id: 3 }));
    serve({ 'POST /api/save-address': jsonResponse(500, { status: 'error', message: 'down' }) });
    await open();
    await fillAddress('shipping');
    await fillCard();
    await pay();
    expect(calls('POST', '/api/save-address')[0]!.body).toMatchObject({ id: 3 });
    expect(where(view!)).toBe('/payment/thanks?terms=6&amount=1349.82&trans_id=ch_123');
  });

  it('pays with the sandbox wallet (the 4242 test card) as paymentMethod wallet', async () => {
    await open();
    await fillAddress('shipping');
    await click(buttonByText(root(), 'Pay with wallet'));
    await flush();
    await flush();
    expect(calls('POST', '/sandbox/v1/tokens')[0]!.body).toMatchObject({
      card: { number: '4242424242424242', cvc: '123' },
    });
    expect(calls('POST', '/api/checkout-new')[0]!.body).toMatchObject({
      paymentMethod: 'wallet',
      cardToken: 'tok_visa_1',
    });
    expect(where(view!)).toMatch(/^\/payment\/thanks\?/);
  });

  it('checks the form before the wallet pays', async () => {
    await open();
    await fillGuest();
    await click(buttonByText(root(), 'Pay with wallet'));
    await flush();
    expect(alert()).toBe(checkoutMessages.incompleteShipping);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/sandbox/v1/tokens')).toBe(false);
  });

  it('shows "Invalid card details" and the processor\'s reason when tokenising fails', async () => {
    serve({
      'POST /sandbox/v1/tokens': jsonResponse(402, {
        status: 'error',
        message: 'Your card number is incorrect.',
        error: {
          type: 'card_error',
          code: 'incorrect_number',
          message: 'Your card number is incorrect.',
        },
      }),
    });
    await open();
    await fillAddress('shipping');
    await fillCard('4242 4242 4242 4241');
    await pay();
    expect(alert()).toBe(checkoutMessages.invalidCard);
    expect(root().querySelector('.card-entry .co-field__error')?.textContent).toBe(
      'Your card number is incorrect.',
    );
    expect(calls('POST', '/api/checkout-new')).toHaveLength(0);
    expect(payButton().disabled).toBe(false);
  });

  it('refuses an unreadable expiry without calling the tokeniser', async () => {
    await open();
    await fillAddress('shipping');
    await fillCard('4242 4242 4242 4242', '13/30');
    await pay();
    expect(alert()).toBe(checkoutMessages.invalidCard);
    expect(calls('POST', '/sandbox/v1/tokens')).toHaveLength(0);
  });

  it('shows an overlay while paying and pays once on a double click', async () => {
    let answer!: (r: Response) => void;
    routes['POST /api/checkout-new'] = () => new Promise<Response>((r) => (answer = r));
    await open();
    await fillAddress('shipping');
    await fillCard();
    const button = payButton();
    await click(button);
    await click(button);
    await flush();
    expect(root().querySelector('.co-overlay')?.textContent).toContain('Processing your payment…');
    expect(calls('POST', '/api/checkout-new')).toHaveLength(1);
    answer(jsonResponse(200, paidAnswer));
    await flush();
    await flush();
    expect(where(view!)).toMatch(/^\/payment\/thanks\?/);
  });
});

describe('CheckoutPage: payment errors (spec 001 section 8)', () => {
  async function failWith(status: number, body: Record<string, unknown>) {
    serve({ 'POST /api/checkout-new': jsonResponse(status, { status: 'error', ...body }) });
    await open();
    await fillAddress('shipping');
    await fillCard();
    await pay();
  }

  it.each<[string, number, Record<string, unknown>, string, boolean]>([
    [
      'a blocked card',
      423,
      { blocked: true, message: 'Blocked.' },
      checkoutMessages.cardBlocked,
      true,
    ],
    [
      'a blocked cart',
      423,
      { cart_blocked: true, message: 'This cart is paused.' },
      cartBlockedText,
      true,
    ],
    [
      'a card refused for this cart',
      423,
      { card_refused: true, message: 'This card was declined 3 times for this order.' },
      `${checkoutMessages.multipleAttempts} Error: This card was declined 3 times for this order.`,
      false,
    ],
    [
      'insufficient funds',
      402,
      { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      checkoutMessages.insufficientFunds,
      false,
    ],
    [
      'pick up card',
      402,
      { code: 'pickup_card', message: 'Pick up card.' },
      checkoutMessages.insufficientFunds,
      false,
    ],
    [
      'an active order',
      409,
      { message: checkoutMessages.activeOrder },
      checkoutMessages.activeOrder,
      false,
    ],
    [
      'a "please double-check" message',
      400,
      { message: 'Please double-check your card number.' },
      'Please double-check your card number.',
      false,
    ],
    [
      'a decline',
      402,
      { code: 'generic_decline', message: 'Your card was declined.' },
      checkoutMessages.declined,
      false,
    ],
    ['a server error', 500, {}, checkoutMessages.declined, false],
  ])('%s', async (_name, status, body, message, disabled) => {
    await failWith(status, body);
    expect(alert()).toBe(message);
    expect(payButton().disabled).toBe(disabled);
    expect(root().querySelector('.co-overlay')).toBeNull();
    expect(where(view!)).toBe('/weight-loss-payment/cart-1');
  });

  it('shows a non-success answer as a decline', async () => {
    await failWith(200, { status: 'pending' });
    expect(alert()).toBe(checkoutMessages.declined);
  });

  it("asks for a different card at the card's 3rd failure and lets a new card pay", async () => {
    const declines = [1, 2, 3].map((attempts) =>
      jsonResponse(402, {
        status: 'error',
        code: 'generic_decline',
        message: 'Your card was declined.',
        attempts,
        card_refused: attempts === 3,
        cart_blocked: false,
      }),
    );
    routes['POST /api/checkout-new'] = () => declines.shift() ?? jsonResponse(200, paidAnswer);
    await open();
    await fillAddress('shipping');
    await fillCard('4000 0000 0000 0002');
    await pay();
    expect(alert()).toBe(checkoutMessages.declined);
    await pay();
    expect(alert()).toBe(checkoutMessages.declined);
    await pay();
    expect(alert()).toBe(`${checkoutMessages.multipleAttempts} Error: Your card was declined.`);
    // The card fields stay usable, emptied for a different card; paying stays possible.
    const number = byLabel(root(), 'Card number');
    expect(number.disabled).toBe(false);
    expect(number.value).toBe('');
    expect(byLabel(root(), 'CVC').value).toBe('');
    expect(payButton().disabled).toBe(false);
    expect(root().querySelector('.co-blocked')).toBeNull();
    const keys = calls('POST', '/api/checkout-new').map((c) => c.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(3);

    await fillCard('4242 4242 4242 4242');
    await pay();
    await flush();
    expect(calls('POST', '/api/checkout-new')).toHaveLength(4);
    expect(where(view!)).toMatch(/^\/payment\/thanks\?/);
  });

  it('says what to do next and how to reach the care team when the card is blocked', async () => {
    await failWith(423, {
      blocked: true,
      blocked_until: '2026-11-23T20:00:00.000Z',
      message: checkoutMessages.cardBlocked,
    });
    const notice = root().querySelector<HTMLElement>('.co-blocked[data-kind="card"]')!;
    expect(notice).not.toBeNull();
    expect(alert()).toBe(checkoutMessages.cardBlocked);
    expect(notice.textContent).toContain(blockedTexts.nextTitle);
    expect(notice.textContent).toContain(blockedTexts.callBank);
    const when = formatUntil('2026-11-23T20:00:00.000Z')!;
    expect(notice.textContent).toContain(blockedTexts.retryAt(when));
    const links = [...notice.querySelectorAll('a')].map((a) => [
      a.getAttribute('href'),
      a.textContent,
    ]);
    expect(links).toEqual([
      [`mailto:${SUPPORT_CONTACT.email}`, SUPPORT_CONTACT.email],
      ['tel:+18885550142', SUPPORT_CONTACT.phone],
    ]);
    expect(notice.textContent).toContain(SUPPORT_CONTACT.hours);
    expect(payButton().disabled).toBe(true);
    await pay();
    expect(calls('POST', '/api/checkout-new')).toHaveLength(1);
  });

  it('says the cart is paused, with the care team, when the server blocks the cart', async () => {
    serve({
      'GET /api/block-user-payment': jsonResponse(200, {
        status: 'success',
        blocked: false,
        cart_blocked: true,
        blocked_until: null,
      }),
    });
    await open();
    const notice = root().querySelector<HTMLElement>('.co-blocked[data-kind="cart"]')!;
    expect(alert()).toBe(cartBlockedText);
    expect(notice.textContent).toContain(blockedTexts.cartRetryLater);
    expect(notice.querySelector(`a[href="mailto:${SUPPORT_CONTACT.email}"]`)).not.toBeNull();
    expect(payButton().disabled).toBe(true);
  });

  it('warns on load when the card is blocked, and does not let it pay', async () => {
    serve({
      'GET /api/block-user-payment': jsonResponse(200, {
        status: 'success',
        blocked: true,
        cart_blocked: false,
        blocked_until: '2030-01-01T00:00:00.000Z',
      }),
    });
    await open();
    expect(alert()).toBe(checkoutMessages.cardBlocked);
    expect(payButton().disabled).toBe(true);
  });

  it('says the payment system is not initialised when its config cannot be read', async () => {
    serve({ 'GET /api/payment-config': jsonResponse(503, { status: 'error', message: 'down' }) });
    await open();
    expect(text()).toContain(checkoutMessages.paymentNotInitialized);
    expect(payButton().disabled).toBe(true);
    expect(root().querySelector('input[autocomplete="cc-number"]')).toBeNull();

    // Asking again once the processor answers brings the card fields back.
    routes['GET /api/payment-config'] = jsonResponse(200, {
      processor: 'sandbox',
      publishableKey: null,
    });
    const retry = [...root().querySelectorAll('button')].find(
      (b) => b.textContent === 'Try again',
    )!;
    await click(retry);
    await flush();
    expect(alert()).toBe(checkoutMessages.paymentReinitialized);
    expect(byLabel(root(), 'Card number').autocomplete).toBe('cc-number');
  });

  it('offers sandbox card fields with card autocomplete', async () => {
    await open();
    expect(byLabel(root(), 'Card number').autocomplete).toBe('cc-number');
    expect(byLabel(root(), 'Expiry (MM/YY)').autocomplete).toBe('cc-exp');
    expect(byLabel(root(), 'CVC').autocomplete).toBe('cc-csc');
  });
});

describe('CheckoutPage: switching medication', () => {
  it("saves a semaglutide cart with the cart's offers, replacing this cart (whose answers the server keeps), then opens it", async () => {
    serve({
      'POST /forms/save-cart': jsonResponse(200, { status: 'success', id: 'cart-2' }),
      'GET /api/get-cart/cart-2': jsonResponse(200, cartAnswer(semaItem)),
    });
    await open();
    await click(buttonByText(root(), 'Semaglutide Most Popular'));
    await flush();
    await flush();
    const saved = saveCartRequestSchema.parse(calls('POST', '/forms/save-cart')[0]!.body);
    // sema_offer A picks sema_plan_134562 (product 5 of the catalog)
    expect(saved).toMatchObject({
      id: 5,
      name: 'Semaglutide',
      stripe_id: 'sema_plan_134562',
      sema_offer: 'A',
      tir_offer: 'B',
      replaces_cart: 'cart-1',
    });
    expect(saved.currentGLPMed).toBeUndefined();
    expect(where(view!)).toBe('/weight-loss-payment/cart-2');
    expect(buttonByText(root(), 'Semaglutide Most Popular').getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('stays on the call-center checkout', async () => {
    serve({
      'GET /api/get-cart/cart-1': jsonResponse(200, cartAnswer()),
      'POST /forms/save-cart': jsonResponse(200, { status: 'success', id: 'cart-3' }),
    });
    await open('/weightlosspayment/cart-1');
    expect(root().querySelector('main')?.getAttribute('data-variant')).toBe('call-center');
    await click(buttonByText(root(), 'Semaglutide Most Popular'));
    await flush();
    expect(where(view!)).toBe('/weightlosspayment/cart-3');
  });

  it('says so when the switch fails', async () => {
    serve({ 'POST /forms/save-cart': jsonResponse(500, { status: 'error', message: 'down' }) });
    await open();
    await click(buttonByText(root(), 'Semaglutide Most Popular'));
    await flush();
    expect(alert()).toBe(checkoutMessages.switchMedication);
    expect(where(view!)).toBe('/weight-loss-payment/cart-1');
    expect(buttonByText(root(), 'Tirzepatide Most Effective').getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
