import { act } from 'react';
import { billingMessages, cancelReasons } from '@clinic/contracts';
import { buttonByText, byLabel, choose, click, keyDown, type } from '../../intake/testing/dom';
import { setSession } from '../../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { BillingTab, billingTexts } from './BillingTab';
import { TOAST_MS } from '../../ui';
import { testSession } from '../../test-utils/session';

// ---------------------------------------------------------------------------------------------
// Fixtures and a fetch that answers by method and path

const active = {
  id: 7,
  plan_name: 'Tirzepatide',
  status: 'active',
  next_billing_date: '2026-05-01T16:00:00.000Z',
  amount: 1349.82,
  payment_terms: 6,
  image: '/images/tirzepatide.png',
};
const paused = {
  id: 8,
  plan_name: 'Semaglutide',
  status: 'paused',
  next_billing_date: '2026-03-01 09:30:00',
  amount: 249.99,
  payment_terms: 3,
  image: '/images/semaglutide.png',
};
const ended = {
  id: 9,
  plan_name: 'Ondansetron',
  status: 'ended',
  next_billing_date: '2025-12-01T00:00:00.000Z',
  amount: 19.97,
  payment_terms: 1,
  image: '/images/ondansetron.png',
};
const yearly = { ...active, id: 10, plan_name: 'Tirzepatide yearly', payment_terms: 12 };

const transactions = [
  {
    id: 2,
    transaction_id: 'ch_2',
    created_at: '2026-02-01T15:04:05.000Z',
    amount: 249.99,
    status: 'failed',
    product_name: '',
  },
  {
    id: 1,
    transaction_id: 'ch_1',
    created_at: '2026-01-01T10:00:00.000Z',
    amount: 1349.82,
    status: 'success',
    product_name: 'Tirzepatide',
  },
];

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

type Answer = Response | ((url: string, init?: RequestInit) => Response | Promise<Response>);
let routes: Record<string, Answer>;
let fetchMock: FetchMock;
let view: Rendered | undefined;

function subscriptionsAnswer(subscriptions: unknown[]) {
  return jsonResponse(200, { status: 'success', subscriptions });
}
function transactionsAnswer(list: unknown[]) {
  return jsonResponse(200, { status: 'success', transactions: list });
}

function serve(overrides: Record<string, Answer> = {}) {
  routes = {
    'GET /api/subscription-items': subscriptionsAnswer([active, paused, ended]),
    'GET /api/transaction-items': transactionsAnswer(transactions),
    'GET /api/payment-config': jsonResponse(200, { processor: 'sandbox', publishableKey: null }),
    'POST /sandbox/v1/tokens': jsonResponse(200, tokenAnswer),
    'POST /api/process-subs-payment': jsonResponse(200, {
      status: 'success',
      message: 'Payment received.',
    }),
    'POST /api/update-card': jsonResponse(200, { status: 'success', message: 'Card saved.' }),
    'POST /api/cancle-subs': jsonResponse(200, { status: 'success', message: 'Cancelled.' }),
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

/** Lets the mocked answers settle; microtasks only, so it works with fake timers too. */
async function settle() {
  for (let i = 0; i < 20; i += 1) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

async function open() {
  view = await render(<BillingTab />);
  await settle();
  return view;
}

const root = () => view!.container;
const text = () => root().textContent ?? '';
const dialog = () => root().querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
const dialogAlert = () => dialog()?.querySelector('[role="alert"]')?.textContent ?? null;
const toasts = () =>
  [...root().querySelectorAll('.toast[role="status"]')].map((t) => t.textContent);
const therapy = (name: string) =>
  [...root().querySelectorAll<HTMLElement>('.therapy')].find(
    (t) => t.querySelector('.therapy__name')?.textContent === name,
  )!;
const rows = () =>
  [...root().querySelectorAll('.payments tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

async function fillAddress(
  fields: Partial<Record<'line1' | 'city' | 'state' | 'zip', string>> = {},
) {
  const box = dialog()!;
  const f = { line1: '123 Main St', city: 'Austin', state: 'TX', zip: '78701', ...fields };
  await type(byLabel(box, 'Address line 1'), f.line1);
  await type(byLabel(box, 'City'), f.city);
  await choose(byLabel<HTMLSelectElement>(box, 'State'), f.state);
  await type(byLabel(box, 'ZIP code'), f.zip);
}

async function fillCard(number = '4242 4242 4242 4242', expiry = '12/30', cvc = '123') {
  const box = dialog()!;
  await type(byLabel(box, 'Card number'), number);
  await type(byLabel(box, 'Expiry (MM/YY)'), expiry);
  await type(byLabel(box, 'CVC'), cvc);
}

async function submitDialog(label: string) {
  await click(buttonByText(dialog()!, label));
  await settle();
}

const billingAddress = {
  addressLine1: '123 Main St',
  addressLine2: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'patient-token', id: 42, first_name: 'Ana' }));
  fetchMock = installFetchMock();
  serve();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.split('?')[0]}`;
    const answer = routes[key];
    if (!answer) return jsonResponse(404, { status: 'error', message: `No route ${key}` });
    return typeof answer === 'function' ? answer(url, init) : answer;
  });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------

describe('BillingTab: the lists', () => {
  it('shows the loading text until both lists arrive', async () => {
    let answer!: (r: Response) => void;
    routes['GET /api/transaction-items'] = () => new Promise<Response>((r) => (answer = r));
    view = await render(<BillingTab />);
    await settle();
    expect(root().querySelector('[role="status"]')?.textContent).toBe(
      'Loading billing information...',
    );
    expect(text()).not.toContain('Current Therapies');

    answer(transactionsAnswer(transactions));
    await settle();
    expect(text()).not.toContain('Loading billing information...');
    expect(text()).toContain('Current Therapies');
    expect(text()).toContain('Past Payments');
    // with the bearer token
    expect(calls('GET', '/api/subscription-items')[0]!.headers.get('Authorization')).toBe(
      'Bearer patient-token',
    );
  });

  it('shows each therapy with its image, amount, term and what its status allows', async () => {
    await open();
    const names = [...root().querySelectorAll('.therapy__name')].map((n) => n.textContent);
    expect(names).toEqual(['Tirzepatide', 'Semaglutide', 'Ondansetron']);

    const tirz = therapy('Tirzepatide');
    expect(tirz.querySelector('img')!.getAttribute('src')).toBe('/images/tirzepatide.png');
    expect(tirz.querySelector('.therapy__amount')!.textContent).toBe('$1,349.82');
    expect(tirz.querySelector('.therapy__term')!.textContent).toBe('semiannual');
    // active: the next payment date, in the product's one US style, and Cancel Subscription
    expect(tirz.querySelector('.therapy__next')!.textContent).toBe('Next payment: May 1, 2026');
    expect(buttonByText(tirz, 'Cancel Subscription')).toBeTruthy();
    expect(tirz.textContent).not.toContain('Past Due');
    expect(tirz.textContent).not.toContain('Pay Now');

    // paused: Past Due and Pay Now, no cancel, no next date
    const sema = therapy('Semaglutide');
    expect(sema.querySelector('.therapy__amount')!.textContent).toBe('$249.99');
    expect(sema.querySelector('.therapy__term')!.textContent).toBe('quarterly');
    expect(sema.querySelector('.therapy__badge')!.textContent).toBe('Past Due');
    expect(buttonByText(sema, 'Pay Now').disabled).toBe(false);
    expect(sema.textContent).not.toContain('Cancel Subscription');
    expect(sema.querySelector('.therapy__next')).toBeNull();

    // ended: Cancelled, nothing to do
    const ondan = therapy('Ondansetron');
    expect(ondan.querySelector('.therapy__amount')!.textContent).toBe('$19.97');
    expect(ondan.querySelector('.therapy__term')!.textContent).toBe('monthly');
    expect(ondan.querySelector('.therapy__badge')!.textContent).toBe('Cancelled');
    expect(ondan.querySelectorAll('button')).toHaveLength(0);

    // an image that does not load gives way to a plain tile
    await act(async () => {
      ondan.querySelector('img')!.dispatchEvent(new Event('error'));
    });
    expect(ondan.querySelector('img')).toBeNull();
    expect(ondan.querySelector('.therapy__image--missing')).not.toBeNull();

    expect(buttonByText(root(), 'Update Credit Card')).toBeTruthy();
  });

  it('labels the terms: 12 yearly, 6 semiannual, 3 quarterly, otherwise monthly', async () => {
    routes['GET /api/subscription-items'] = subscriptionsAnswer([
      yearly,
      active,
      paused,
      { ...ended, id: 11, plan_name: 'Two months', payment_terms: 2 },
    ]);
    await open();
    const terms = [...root().querySelectorAll('.therapy__term')].map((t) => t.textContent);
    expect(terms).toEqual(['yearly', 'semiannual', 'quarterly', 'monthly']);
  });

  it('offers Pay Now only when a subscription is paused', async () => {
    routes['GET /api/subscription-items'] = subscriptionsAnswer([active, ended]);
    await open();
    expect([...root().querySelectorAll('button')].map((b) => b.textContent)).not.toContain(
      'Pay Now',
    );
  });

  it('lists past payments: Date, Amount, Status, Product (desktop only), Receipt', async () => {
    await open();
    const heads = [...root().querySelectorAll('.payments th')];
    expect(heads.map((h) => h.textContent)).toEqual([
      'Date',
      'Amount',
      'Status',
      'Product',
      'Receipt',
    ]);
    // The Product column carries the class the stylesheet hides below 768 px.
    expect(heads[3]!.className).toBe('payments__product');
    expect(
      [...root().querySelectorAll('.payments tbody td:nth-child(4)')].every(
        (cell) => cell.className === 'payments__product',
      ),
    ).toBe(true);
    // Receipt: the invoice's Download and the HSA/FSA receipt, side by side.
    expect(rows()).toEqual([
      ['Feb 1, 2026', '$249.99', 'failed', 'Subscription', 'DownloadHSA/FSA receipt'],
      ['Jan 1, 2026', '$1,349.82', 'success', 'Tirzepatide', 'DownloadHSA/FSA receipt'],
    ]);
  });

  it('shows a declined charge as "Not charged", with the amount tried and no receipt', async () => {
    const declined = {
      id: 2,
      transaction_id: 'declined-2',
      created_at: '2026-07-01T12:00:00.000Z',
      amount: 1349.82,
      status: 'declined',
      product_name: 'Tirzepatide Half Yearly Plan',
    };
    routes['GET /api/transaction-items'] = transactionsAnswer([
      { ...transactions[1], id: 2, transaction_id: 'ch_3', created_at: '2026-07-03T12:00:00.000Z' },
      declined,
      transactions[1],
    ]);
    await open();
    expect(rows()).toEqual([
      ['Jul 3, 2026', '$1,349.82', 'success', 'Tirzepatide', 'DownloadHSA/FSA receipt'],
      [
        'Jul 1, 2026',
        'Not charged$1,349.82 attempted',
        'declined',
        'Tirzepatide Half Yearly Plan',
        '—No receipt',
      ],
      ['Jan 1, 2026', '$1,349.82', 'success', 'Tirzepatide', 'DownloadHSA/FSA receipt'],
    ]);
    const row = root().querySelector<HTMLElement>('tr[data-transaction="declined-2"]')!;
    // Not shown as paid: no amount-paid cell of its own, and nothing to download.
    expect(row.querySelector('.payments__not-charged')!.textContent).toBe('Not charged');
    expect(row.querySelector('.payments__amount')!.textContent).not.toBe('$1,349.82');
    expect(row.querySelector('.payments__status--other')!.textContent).toBe('declined');
    expect(row.querySelectorAll('button')).toHaveLength(0);
    expect(row.querySelector('[aria-label^="Download"]')).toBeNull();
    // The payments around it keep both of theirs (a payment and a decline may share an `id`).
    expect(root().querySelectorAll('.payments__download')).toHaveLength(4);
  });

  it('says when there is no payment history', async () => {
    routes['GET /api/transaction-items'] = transactionsAnswer([]);
    await open();
    expect(text()).toContain('No payment history found.');
    expect(root().querySelector('.payments')).toBeNull();
  });

  it('says when the lists cannot be loaded, and loads them again on request', async () => {
    routes['GET /api/subscription-items'] = jsonResponse(500, { message: 'down' });
    await open();
    expect(root().querySelector('[role="alert"]')?.textContent).toContain(billingTexts.loadFailed);

    routes['GET /api/subscription-items'] = subscriptionsAnswer([active]);
    await click(buttonByText(root(), 'Try again'));
    await settle();
    expect(text()).toContain('Current Therapies');
    expect(therapy('Tirzepatide')).toBeTruthy();
  });
});

describe('BillingTab: receipts', () => {
  let clicked: { href: string; download: string }[];
  let createObjectURL: jest.Mock;
  let revokeObjectURL: jest.Mock;

  beforeEach(() => {
    clicked = [];
    createObjectURL = jest.fn(() => 'blob:invoice-1');
    revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
  });

  it('downloads the invoice PDF with the bearer token and saves it as invoice-<id>.pdf', async () => {
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    routes['GET /api/invoice/ch_1'] = {
      ok: true,
      status: 200,
      blob: () => Promise.resolve(pdf),
      text: () => Promise.resolve(''),
    } as unknown as Response;
    await open();
    const row = root().querySelector('tr[data-transaction="ch_1"]')!;
    await click(buttonByText(row, 'Download'));
    await settle();

    const [call] = calls('GET', '/api/invoice/ch_1');
    expect(call!.url).toBe('/api/invoice/ch_1?product_name=Tirzepatide');
    expect(call!.headers.get('Authorization')).toBe('Bearer patient-token');
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    expect(clicked).toEqual([{ href: 'blob:invoice-1', download: 'invoice-ch_1.pdf' }]);
    // the temporary link is gone
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('sends the default product name and says when the download fails', async () => {
    await open();
    const row = root().querySelector('tr[data-transaction="ch_2"]')!;
    routes['GET /api/invoice/ch_2'] = jsonResponse(500, undefined);
    await click(buttonByText(row, 'Download'));
    await settle();
    expect(calls('GET', '/api/invoice/ch_2')[0]!.url).toBe(
      '/api/invoice/ch_2?product_name=Subscription',
    );
    expect(clicked).toEqual([]);
    expect(toasts()).toEqual([billingTexts.invoiceFailed]);
  });
});

describe('BillingTab: HSA/FSA receipts', () => {
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    clicked = [];
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:hsa-receipt-1'),
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
  });

  const pdfAnswer = (pdf: Blob) =>
    ({
      ok: true,
      status: 200,
      blob: () => Promise.resolve(pdf),
      text: () => Promise.resolve(''),
    }) as unknown as Response;

  it("offers each payment's HSA/FSA receipt beside its invoice, named by day and amount", async () => {
    await open();
    const labels = [...root().querySelectorAll('.payments__receipt button')].map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(labels).toEqual([
      'Download receipt of Feb 1, 2026, $249.99',
      'Download HSA/FSA receipt of Feb 1, 2026, $249.99',
      'Download receipt of Jan 1, 2026, $1,349.82',
      'Download HSA/FSA receipt of Jan 1, 2026, $1,349.82',
    ]);
    expect(text()).toContain(billingTexts.hsaHint);
  });

  it('downloads the HSA/FSA receipt PDF with the bearer token as hsa-fsa-receipt-<id>.pdf', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    routes['GET /api/hsa-receipt/ch_1'] = pdfAnswer(pdf);
    await open();
    const row = root().querySelector('tr[data-transaction="ch_1"]')!;
    await click(buttonByText(row, 'HSA/FSA receipt'));
    await settle();

    const [call] = calls('GET', '/api/hsa-receipt/ch_1');
    // Only the payment's id: what the receipt says comes from the payment itself.
    expect(call!.url).toBe('/api/hsa-receipt/ch_1');
    expect(call!.headers.get('Authorization')).toBe('Bearer patient-token');
    expect(URL.createObjectURL).toHaveBeenCalledWith(pdf);
    expect(clicked).toEqual([{ href: 'blob:hsa-receipt-1', download: 'hsa-fsa-receipt-ch_1.pdf' }]);
    expect(calls('GET', '/api/invoice/ch_1')).toEqual([]);
  });

  it("says the server's reason when the receipt cannot be made, and saves nothing", async () => {
    routes['GET /api/hsa-receipt/ch_1'] = jsonResponse(503, {
      status: 'error',
      message: 'We could not prepare your receipt just now. Please try again in a minute.',
    });
    await open();
    const row = root().querySelector('tr[data-transaction="ch_1"]')!;
    await click(buttonByText(row, 'HSA/FSA receipt'));
    await settle();
    expect(clicked).toEqual([]);
    expect(toasts()).toEqual([
      'We could not prepare your receipt just now. Please try again in a minute.',
    ]);
  });
});

describe('BillingTab: Pay Now', () => {
  async function openPay() {
    await open();
    await click(buttonByText(therapy('Semaglutide'), 'Pay Now'));
    await settle();
  }

  it('opens the Process Payment dialog with the card field, the address and Pay $x Now', async () => {
    await openPay();
    const box = dialog()!;
    expect(box.getAttribute('role')).toBe('dialog');
    expect(box.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(box.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Process Payment');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Semaglutide, past due: $249.99',
    );
    expect(box.contains(document.activeElement)).toBe(true);
    expect(byLabel(box, 'Card number')).toBeTruthy();
    expect(byLabel(box, 'Find your address')).toBeTruthy();
    expect(buttonByText(box, 'Pay $249.99 Now')).toBeTruthy();
    expect(buttonByText(box, 'Cancel')).toBeTruthy();
  });

  it('pays the past-due amount, shows the toast and reloads the lists', async () => {
    await openPay();
    await fillCard();
    await fillAddress();
    await submitDialog('Pay $249.99 Now');

    const [tokenCall] = calls('POST', '/sandbox/v1/tokens');
    expect(tokenCall).toBeTruthy();
    const [payCall] = calls('POST', '/api/process-subs-payment');
    expect(payCall!.body).toEqual({
      token: 'tok_visa_1',
      details: { brand: 'visa', last4: '4242' },
      billingAddress,
      subscription_id: 8,
      amount: 249.99,
    });
    expect(payCall!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(payCall!.headers.get('Authorization')).toBe('Bearer patient-token');
    expect(dialog()).toBeNull();
    expect(toasts()).toEqual(['Payment processed successfully']);
    expect(calls('GET', '/api/subscription-items')).toHaveLength(2);
    expect(calls('GET', '/api/transaction-items')).toHaveLength(2);
  });

  it('uses a new Idempotency-Key for each attempt', async () => {
    routes['POST /api/process-subs-payment'] = jsonResponse(200, {
      status: 'error',
      message: 'Your card was declined.',
    });
    await openPay();
    await fillCard();
    await fillAddress();
    await submitDialog('Pay $249.99 Now');
    await submitDialog('Pay $249.99 Now');
    const keys = calls('POST', '/api/process-subs-payment').map((c) =>
      c.headers.get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it.each([
    [
      'an error status with a message',
      () => jsonResponse(200, { status: 'error', message: 'Your card was declined.' }),
      'Payment Error: Your card was declined.',
    ],
    [
      'an error status without a message',
      () => jsonResponse(200, { status: 'error', message: '' }),
      'Payment Error: Payment failed',
    ],
    [
      'a refused request with the server message',
      () => jsonResponse(409, { status: 'error', message: billingMessages.amountMismatch }),
      `Payment Error: ${billingMessages.amountMismatch}`,
    ],
    [
      'a failed request without a message',
      () => jsonResponse(502, undefined),
      'Payment Error: Payment processing failed',
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Payment Error: Payment processing failed',
    ],
  ])('shows %s in the dialog and lets the patient retry', async (_, answer, message) => {
    routes['POST /api/process-subs-payment'] = answer;
    await openPay();
    await fillCard();
    await fillAddress();
    await submitDialog('Pay $249.99 Now');

    expect(dialogAlert()).toBe(message);
    expect(dialog()).not.toBeNull();
    expect(buttonByText(dialog()!, 'Pay $249.99 Now').disabled).toBe(false);
    expect(toasts()).toEqual([]);
    // no reload
    expect(calls('GET', '/api/subscription-items')).toHaveLength(1);
  });

  it('requires the billing address line 1, city, state and zip before tokenising', async () => {
    await openPay();
    await fillCard();
    await fillAddress({ city: '' });
    await submitDialog('Pay $249.99 Now');
    expect(dialogAlert()).toBe('Please enter a complete billing address.');
    expect(calls('POST', '/sandbox/v1/tokens')).toHaveLength(0);
    expect(calls('POST', '/api/process-subs-payment')).toHaveLength(0);

    await fillAddress({ zip: '' });
    await submitDialog('Pay $249.99 Now');
    expect(dialogAlert()).toBe('Please enter a complete billing address.');

    await fillAddress({ state: '' });
    await submitDialog('Pay $249.99 Now');
    expect(dialogAlert()).toBe('Please enter a complete billing address.');

    await fillAddress({ line1: ' ' });
    await submitDialog('Pay $249.99 Now');
    expect(dialogAlert()).toBe('Please enter a complete billing address.');
    expect(calls('POST', '/sandbox/v1/tokens')).toHaveLength(0);
  });

  it('fills the billing address from the autocomplete text', async () => {
    await openPay();
    await fillCard();
    const lookup = byLabel(dialog()!, 'Find your address');
    await type(lookup, '500 Oak Ave 4B, Dallas, TX 75201');
    await act(async () => lookup.blur());
    await submitDialog('Pay $249.99 Now');
    expect(calls('POST', '/api/process-subs-payment')[0]!.body!.billingAddress).toEqual({
      addressLine1: '500 Oak Ave',
      addressLine2: '4B',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
    });
  });

  it('says "Invalid card details" when the card cannot be tokenised', async () => {
    routes['POST /sandbox/v1/tokens'] = jsonResponse(402, {
      error: { type: 'card_error', message: 'Your card number is incorrect.' },
    });
    await openPay();
    await fillCard('4000 0000 0000 0002');
    await fillAddress();
    await submitDialog('Pay $249.99 Now');
    expect(dialogAlert()).toBe('Invalid card details');
    expect(dialog()!.textContent).toContain('Your card number is incorrect.');
    expect(calls('POST', '/api/process-subs-payment')).toHaveLength(0);
    expect(buttonByText(dialog()!, 'Pay $249.99 Now').disabled).toBe(false);

    // an incomplete card never reaches the processor
    await fillCard('4242', '', '');
    await submitDialog('Pay $249.99 Now');
    expect(dialogAlert()).toBe('Invalid card details');
    expect(calls('POST', '/sandbox/v1/tokens')).toHaveLength(1);
  });

  it('keeps the buttons disabled while the card is tokenised and the payment runs', async () => {
    let answer!: (r: Response) => void;
    routes['POST /sandbox/v1/tokens'] = () => new Promise<Response>((r) => (answer = r));
    await openPay();
    await fillCard();
    await fillAddress();
    await submitDialog('Pay $249.99 Now');
    expect(buttonByText(dialog()!, 'Pay $249.99 Now').disabled).toBe(true);
    expect(buttonByText(dialog()!, 'Cancel').disabled).toBe(true);
    expect(byLabel(dialog()!, 'Card number').disabled).toBe(true);
    // Escape does not close a dialog that is submitting
    await keyDown(document.body, 'Escape');
    expect(dialog()).not.toBeNull();

    answer(jsonResponse(402, { error: { message: 'Your card was declined.' } }));
    await settle();
    expect(buttonByText(dialog()!, 'Pay $249.99 Now').disabled).toBe(false);
    expect(dialogAlert()).toBe('Invalid card details');
  });

  it('closes with Cancel or Escape, sending nothing', async () => {
    await openPay();
    await click(buttonByText(dialog()!, 'Cancel'));
    expect(dialog()).toBeNull();

    const payNow = buttonByText(therapy('Semaglutide'), 'Pay Now');
    payNow.focus();
    await click(payNow);
    await settle();
    await keyDown(document.body, 'Escape');
    expect(dialog()).toBeNull();
    // the focus goes back to what opened the dialog
    expect(document.activeElement).toBe(payNow);
    expect(calls('POST', '/api/process-subs-payment')).toHaveLength(0);
  });

  it('says when the card form cannot be loaded, and loads it again on request', async () => {
    routes['GET /api/payment-config'] = jsonResponse(503, undefined);
    await openPay();
    expect(dialog()!.textContent).toContain('Payment system not initialized');
    expect(buttonByText(dialog()!, 'Pay $249.99 Now').disabled).toBe(true);

    routes['GET /api/payment-config'] = jsonResponse(200, {
      processor: 'sandbox',
      publishableKey: null,
    });
    await click(buttonByText(dialog()!, 'Try again'));
    await settle();
    expect(byLabel(dialog()!, 'Card number')).toBeTruthy();
    expect(buttonByText(dialog()!, 'Pay $249.99 Now').disabled).toBe(false);
  });
});

describe('BillingTab: Update Credit Card', () => {
  async function openUpdate() {
    await open();
    await click(buttonByText(root(), 'Update Credit Card'));
    await settle();
  }

  it('opens the Update Card dialog and saves the new card', async () => {
    await openUpdate();
    const box = dialog()!;
    expect(document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Update Card',
    );
    expect(box.contains(document.activeElement)).toBe(true);
    expect(buttonByText(box, 'Cancel')).toBeTruthy();

    await fillCard();
    await fillAddress();
    await submitDialog('Update Card');

    const [call] = calls('POST', '/api/update-card');
    expect(call!.body).toEqual({
      token: 'tok_visa_1',
      details: { brand: 'visa', last4: '4242' },
      billingAddress,
    });
    expect(dialog()).toBeNull();
    expect(toasts()).toEqual(['Billing details updated successfully']);
  });

  it('requires a complete billing address and a valid card', async () => {
    await openUpdate();
    await fillCard();
    await submitDialog('Update Card');
    expect(dialogAlert()).toBe('Please enter a complete billing address.');

    routes['POST /sandbox/v1/tokens'] = jsonResponse(402, { error: { message: 'Declined.' } });
    await fillAddress();
    await submitDialog('Update Card');
    expect(dialogAlert()).toBe('Invalid card details');
    expect(calls('POST', '/api/update-card')).toHaveLength(0);
  });

  it('shows the server message when the card is refused', async () => {
    routes['POST /api/update-card'] = jsonResponse(200, {
      status: 'error',
      message: billingMessages.noSavedCard,
    });
    await openUpdate();
    await fillCard();
    await fillAddress();
    await submitDialog('Update Card');
    expect(dialogAlert()).toBe(billingMessages.noSavedCard);
    expect(toasts()).toEqual([]);

    routes['POST /api/update-card'] = jsonResponse(500, undefined);
    await submitDialog('Update Card');
    expect(dialogAlert()).toBe(billingTexts.cardUpdateFailed);
  });
});

describe('BillingTab: cancellation', () => {
  async function startCancel() {
    await open();
    await click(buttonByText(therapy('Tirzepatide'), 'Cancel Subscription'));
    await settle();
  }

  /** The checkbox inside the label that reads `label`. */
  function checkbox(label: string): HTMLInputElement {
    const found = [...dialog()!.querySelectorAll('label')].find(
      (l) => l.textContent?.trim() === label,
    );
    const input = found?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (!input) throw new Error(`No checkbox "${label}"`);
    return input;
  }

  it('asks why, then "Are you sure you want to cancel?", then cancels and reloads', async () => {
    await startCancel();
    const reasons = [...dialog()!.querySelectorAll('label')].map((l) => l.textContent);
    expect(reasons).toEqual([...cancelReasons, 'other']);
    expect(document.activeElement).toBe(checkbox('too expensive'));

    await click(checkbox('too many side effects'));
    await click(checkbox('too expensive'));
    await click(checkbox('other'));
    await click(buttonByText(dialog()!, 'Continue'));

    const confirm = dialog()!;
    expect(confirm.getAttribute('role')).toBe('alertdialog');
    expect(document.getElementById(confirm.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Are you sure you want to cancel?',
    );
    expect(document.activeElement).toBe(buttonByText(confirm, 'Close'));
    expect(calls('POST', '/api/cancle-subs')).toHaveLength(0);

    routes['GET /api/subscription-items'] = subscriptionsAnswer([
      { ...active, status: 'ended' },
      paused,
    ]);
    await click(buttonByText(confirm, 'Yes'));
    await settle();

    expect(calls('POST', '/api/cancle-subs')[0]!.body).toEqual({
      // in the spec's order; "other" is not sent
      reason: ['too expensive', 'too many side effects'],
      reccomend: null,
      subs_id: 7,
    });
    expect(dialog()).toBeNull();
    expect(toasts()).toEqual(['Your subscription is cancelled.']);
    expect(therapy('Tirzepatide').querySelector('.therapy__badge')!.textContent).toBe('Cancelled');
    expect(therapy('Tirzepatide').textContent).not.toContain('Cancel Subscription');
  });

  it('sends nothing when the patient closes the confirmation', async () => {
    await startCancel();
    await click(buttonByText(dialog()!, 'Continue'));
    await click(buttonByText(dialog()!, 'Close'));
    expect(dialog()).toBeNull();

    await click(buttonByText(therapy('Tirzepatide'), 'Cancel Subscription'));
    await click(buttonByText(dialog()!, 'Keep Subscription'));
    expect(dialog()).toBeNull();

    await click(buttonByText(therapy('Tirzepatide'), 'Cancel Subscription'));
    await click(buttonByText(dialog()!, 'Continue'));
    await keyDown(document.body, 'Escape');
    expect(dialog()).toBeNull();
    expect(calls('POST', '/api/cancle-subs')).toHaveLength(0);
  });

  it('sends an empty list when no reason is chosen', async () => {
    await startCancel();
    await click(buttonByText(dialog()!, 'Continue'));
    await click(buttonByText(dialog()!, 'Yes'));
    await settle();
    expect(calls('POST', '/api/cancle-subs')[0]!.body).toEqual({
      reason: [],
      reccomend: null,
      subs_id: 7,
    });
  });

  it.each([
    [
      'the server message of an error status',
      () => jsonResponse(200, { status: 'error', message: billingMessages.notActive }),
      `Error : ${billingMessages.notActive}`,
    ],
    [
      'the default of an error status without a message',
      () => jsonResponse(200, { status: 'error', message: '' }),
      'Error : Error cancelling subscription',
    ],
    [
      'the server message of a refused request',
      () => jsonResponse(404, { status: 'error', message: billingMessages.notYourSubscription }),
      `Error : ${billingMessages.notYourSubscription}`,
    ],
    [
      'the default of a failed request',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Error : Error cancelling subscription',
    ],
  ])('shows %s', async (_, answer, message) => {
    routes['POST /api/cancle-subs'] = answer;
    await startCancel();
    await click(buttonByText(dialog()!, 'Continue'));
    await click(buttonByText(dialog()!, 'Yes'));
    await settle();
    expect(toasts()).toEqual([message]);
    expect(dialog()).toBeNull();
    expect(calls('GET', '/api/subscription-items')).toHaveLength(1);
    expect(buttonByText(therapy('Tirzepatide'), 'Cancel Subscription')).toBeTruthy();
  });
});

describe('BillingTab: toasts', () => {
  it('shows a toast for 3 seconds, then removes it', async () => {
    jest.useFakeTimers();
    await open();
    await click(buttonByText(therapy('Tirzepatide'), 'Cancel Subscription'));
    await click(buttonByText(dialog()!, 'Continue'));
    await click(buttonByText(dialog()!, 'Yes'));
    await settle();

    const toast = root().querySelector('[role="status"].toast');
    expect(toast?.textContent).toBe('Your subscription is cancelled.');
    await act(async () => {
      jest.advanceTimersByTime(TOAST_MS - 1);
    });
    expect(toasts()).toEqual(['Your subscription is cancelled.']);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(toasts()).toEqual([]);
    expect(TOAST_MS).toBe(3000);
  });
});
