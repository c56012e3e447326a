import { act } from 'react';
import { upsellMessages } from '@clinic/contracts';
import { buttonByText, click, flush, renderPage, where } from '../intake/testing/dom';
import { PREAUTHS_KEY } from '../session/preauths';
import { setSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { UpsellPage } from './UpsellPage';
import { testSession } from '../test-utils/session';

let fetchMock: FetchMock;
let view: Rendered | undefined;

const root = () => view!.container;
const heading = () => root().querySelector('h1')?.textContent;
const alert = () => root().querySelector('[role="alert"]')?.textContent ?? null;
const buttons = () => [...root().querySelectorAll('button')].map((b) => b.textContent);

async function open(query = '?terms=6&amount=1349.82&trans_id=ch_1') {
  view = await renderPage(`/payment/thanks${query}`, { '/payment/thanks': <UpsellPage /> });
  return view;
}

function sent(path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => ({
      headers: new Headers(init?.headers),
      body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
    }));
}

/** What GET /api/upsell-status answers (the order has the add-on or not). */
let upsellStatus: Response;
/** The answers of the page's other calls, in order; a function throws or hangs instead. */
let answers: (Response | (() => Promise<Response>))[];

const preauth = { orderId: 901, product_id: 1, product_name: 'Tirzepatide' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = installFetchMock();
  upsellStatus = jsonResponse(200, { status: 'success', added: false, price_cents: 1997 });
  answers = [];
  fetchMock.mockImplementation(async (url) => {
    if (String(url) === '/api/upsell-status') return upsellStatus;
    const next = answers.shift();
    if (!next) throw new Error(`No answer for ${String(url)}`);
    return typeof next === 'function' ? next() : next;
  });
  sessionStorage.setItem(PREAUTHS_KEY, JSON.stringify([preauth]));
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('UpsellPage, step 1', () => {
  it('offers GLP Anti-Nausea for $19.97 with Add To Order and a decline', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
    await open();
    expect(heading()).toBe('GLP Anti-Nausea');
    expect(root().textContent).toContain('30 pills of 4mg generic ondansetron');
    expect(root().textContent).toContain('$19.97');
    expect(root().textContent).toContain('Your payment of $1,349.82 was received.');
    expect(buttons()).toEqual(['Add To Order', 'No thanks']);
  });

  it('offers it at the price an admin set, as the server charges it', async () => {
    upsellStatus = jsonResponse(200, { status: 'success', added: false, price_cents: 2497 });
    setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
    await open();
    expect(root().querySelector('.offer__price')?.textContent).toBe('$24.97');
  });

  it('shows a guest only the decline', async () => {
    await open();
    expect(buttons()).toEqual(['No thanks']);
  });
});

describe('UpsellPage, adding the nausea medication', () => {
  beforeEach(() => setSession(testSession({ token: 't', id: 1, first_name: 'Ana' })));

  it('adds it once with one Idempotency-Key, then records Nausea and opens the status page', async () => {
    answers.push(
      jsonResponse(200, {
        status: 'success',
        transaction_id: 'ch_2',
        prescriptionPreauths: [{ orderId: 902, product_id: 9, product_name: 'GLP Anti-Nausea' }],
      }),
      jsonResponse(200, { status: 'success', message: 'Saved.' }),
    );
    await open();
    await click(buttonByText(root(), 'Add To Order'));
    await flush();

    const [add] = sent('/api/add-to-order');
    expect(add!.body).toEqual({ product: 'glp_anti_nausea', price_cents: 1997 });
    expect(add!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(add!.headers.get('Authorization')).toBe('Bearer t');

    expect(heading()).toBe('You made the right choice, Ana');
    expect(root().textContent).toContain('Weekly injection');
    expect(root().textContent).toContain('All dosage levels are the same price');
    expect(root().textContent).toContain('Tirzepatide');
    expect(root().textContent).toContain('Half Yearly Plan');
    expect(root().querySelector('[data-testid="nausea-gift"]')?.textContent).toContain(
      'GLP Anti-Nausea',
    );
    expect(JSON.parse(sessionStorage.getItem(PREAUTHS_KEY)!)).toHaveLength(2);

    await click(buttonByText(root(), 'Next Step'));
    await flush();
    expect(sent('/api/bundle-selected')[0]!.body).toEqual({ selectedMed: 'Nausea', terms: 2 });
    expect(where(view!)).toBe('/status-progress');
  });

  it("does not take a double tap's second click on Add To Order as Next Step, which takes its place", async () => {
    answers.push(
      jsonResponse(200, {
        status: 'success',
        transaction_id: 'ch_3',
        prescriptionPreauths: [{ orderId: 903, product_id: 9, product_name: 'GLP Anti-Nausea' }],
      }),
    );
    await open();
    await click(buttonByText(root(), 'Add To Order'));
    await flush();
    await act(async () => {
      buttonByText(root(), 'Next Step').dispatchEvent(
        new MouseEvent('click', { bubbles: true, detail: 2 }),
      );
    });
    await flush();
    expect(heading()).toBe('You made the right choice, Ana');
    expect(sent('/api/bundle-selected')).toHaveLength(0);
  });

  it('shows the new price, charging nothing, when it changed since the page showed it', async () => {
    answers.push(
      jsonResponse(409, {
        status: 'error',
        message: upsellMessages.priceChanged(2497),
        price_cents: 2497,
      }),
    );
    await open();
    expect(root().querySelector('.offer__price')?.textContent).toBe('$19.97');
    await click(buttonByText(root(), 'Add To Order'));
    await flush();
    expect(sent('/api/add-to-order')[0]!.body).toEqual({
      product: 'glp_anti_nausea',
      price_cents: 1997,
    });
    expect(root().querySelector('.offer__price')?.textContent).toBe('$24.97');
    expect(root().textContent).toContain(upsellMessages.priceChanged(2497));
    expect(heading()).toBe('GLP Anti-Nausea');
  });

  it('uses the same key when Add To Order is pressed again after a failure', async () => {
    answers.push(jsonResponse(502, undefined));
    await open();
    await click(buttonByText(root(), 'Add To Order'));
    await flush();
    expect(alert()).toBe(upsellMessages.failed);
    expect(heading()).toBe('GLP Anti-Nausea');

    answers.push(jsonResponse(402, { status: 'error', message: 'Your card was declined.' }));
    await click(buttonByText(root(), 'Add To Order'));
    await flush();
    expect(alert()).toBe('Your card was declined.');
    const keys = sent('/api/add-to-order').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('charges once on a double click', async () => {
    answers.push(() => new Promise<Response>(() => {}));
    await open();
    const button = buttonByText(root(), 'Add To Order');
    await click(button);
    await click(button);
    await flush();
    expect(sent('/api/add-to-order')).toHaveLength(1);
  });

  it('shows the unexpected-error text when the call throws', async () => {
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await open();
    await click(buttonByText(root(), 'Add To Order'));
    await flush();
    expect(alert()).toBe(upsellMessages.unexpected);
  });
});

describe('UpsellPage, declining', () => {
  it('records None with the terms mapping and opens the status page', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
    answers.push(jsonResponse(200, { status: 'success', message: 'Saved.' }));
    await open('?terms=3&amount=749.97&trans_id=ch_1');
    await click(buttonByText(root(), 'No thanks'));
    expect(sent('/api/bundle-selected')).toHaveLength(0);
    expect(heading()).toBe('You made the right choice, Ana');
    expect(root().querySelector('[data-testid="nausea-gift"]')).toBeNull();
    await click(buttonByText(root(), 'Next Step'));
    await flush();
    expect(sent('/api/bundle-selected')[0]!.body).toEqual({ selectedMed: 'None', terms: 1 });
    expect(where(view!)).toBe('/status-progress');
  });

  it('stays when the choice cannot be recorded', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
    answers.push(jsonResponse(500, { status: 'error' }));
    await open();
    await click(buttonByText(root(), 'No thanks'));
    await click(buttonByText(root(), 'Next Step'));
    await flush();
    expect(alert()).toBe(upsellMessages.failed);
    expect(where(view!)).toBe('/payment/thanks?terms=6&amount=1349.82&trans_id=ch_1');
  });

  it('lets a guest go on without a call', async () => {
    await open();
    await click(buttonByText(root(), 'No thanks'));
    expect(heading()).toBe('You made the right choice');
    await click(buttonByText(root(), 'Next Step'));
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(where(view!)).toBe('/status-progress');
  });
});

describe('UpsellPage, once the order has GLP Anti-Nausea', () => {
  beforeEach(() => setSession(testSession({ token: 't', id: 1, first_name: 'Ana' })));

  const nauseaPreauth = { orderId: 901, product_id: 9, product_name: 'GLP Anti-Nausea' };

  it('opens at step 2 when the server says it was added (a reload, another visit)', async () => {
    upsellStatus = jsonResponse(200, { status: 'success', added: true, price_cents: 1997 });
    await open();
    await flush();
    expect(heading()).toBe('You made the right choice, Ana');
    expect(buttons()).not.toContain('Add To Order');
    expect(root().querySelector('[data-testid="nausea-gift"]')).not.toBeNull();
    expect(sent('/api/upsell-status')[0]!.headers.get('Authorization')).toBe('Bearer t');
    expect(sent('/api/add-to-order')).toHaveLength(0);
  });

  it('opens at step 2 at once when this tab added it (the back button)', async () => {
    sessionStorage.setItem(PREAUTHS_KEY, JSON.stringify([preauth, nauseaPreauth]));
    await open();
    expect(heading()).toBe('You made the right choice, Ana');
    expect(buttons()).not.toContain('Add To Order');
    expect(sent('/api/upsell-status')).toHaveLength(0);
  });

  it('shows step 2, not an error, when the server refuses a second add', async () => {
    answers.push(
      jsonResponse(409, {
        status: 'error',
        message: upsellMessages.alreadyAdded,
        already_added: true,
      }),
    );
    await open();
    await flush();
    await click(buttonByText(root(), 'Add To Order'));
    await flush();
    expect(alert()).toBeNull();
    expect(heading()).toBe('You made the right choice, Ana');
    expect(root().querySelector('[data-testid="nausea-gift"]')).not.toBeNull();
  });

  it('offers it while the answer is unknown (the server still refuses a second add)', async () => {
    upsellStatus = jsonResponse(500, { status: 'error' });
    await open();
    await flush();
    expect(buttons()).toEqual(['Add To Order', 'No thanks']);
  });
});
