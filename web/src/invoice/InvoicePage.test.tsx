import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import { render, type Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import { orderItemsAnswer, progressItem } from '../portal/orders/fixtures';
import { InvoicePage, invoiceTexts } from './InvoicePage';

let view: Rendered | undefined;
let fetchMock: FetchMock;
let createObjectURL: jest.Mock;
let revokeObjectURL: jest.Mock;

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

async function settle() {
  for (let i = 0; i < 5; i++)
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
}

async function open(path: string) {
  view = await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/invoice/:paymentIntentId" element={<InvoicePage />} />
        <Route path="/home" element={<p>home</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await settle();
  return view;
}

const pdfResponse = (pdf: Blob) =>
  ({
    ok: true,
    status: 200,
    blob: () => Promise.resolve(pdf),
    text: () => Promise.resolve(''),
  }) as unknown as Response;

const payment = {
  id: 3,
  transaction_id: 'ch_7001',
  created_at: '2026-11-27T23:30:00.000Z',
  amount: 449.97,
  status: 'success',
  product_name: 'Semaglutide Quarterly Plan',
};
const ordersAnswer = orderItemsAnswer([
  progressItem({ id: 7, status: 'order_shipped', payment_intent_id: 'ch_7001' }),
  progressItem({ id: 9, status: 'pending_approval', payment_intent_id: 'ch_9001' }),
]);
let transactions: unknown[];
let orders: unknown;

/** Answers the PDF with `pdf`, and the two lists the summary reads. */
function answer(pdf: Response) {
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    if (path === '/api/transaction-items')
      return jsonResponse(200, { status: 'success', transactions });
    if (path === '/api/order-items') return jsonResponse(200, orders);
    return pdf;
  });
}
const pdfCalls = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/invoice/'));

const $ = <E extends Element = HTMLElement>(selector: string) =>
  view!.container.querySelector<E>(selector);
const linkByText = (label: string) =>
  [...view!.container.querySelectorAll<HTMLAnchorElement>('a')].find(
    (a) => a.textContent === label,
  );

beforeEach(() => {
  transactions = [payment];
  orders = ordersAnswer;
  setSession(testSession({ token: 'patient-token' }));
  fetchMock = installFetchMock();
  createObjectURL = jest.fn(() => 'blob:invoice-1');
  revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('InvoicePage', () => {
  it("fetches the caller's invoice with their token and shows it, with a download and the way back", async () => {
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    answer(pdfResponse(pdf));
    await open('/invoice/ch_7001');

    const [input, init] = pdfCalls()[0]!;
    expect(String(input)).toBe('/api/invoice/ch_7001');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer patient-token');
    expect(new Headers(init?.headers).get('Accept')).toBe('application/pdf');
    expect(createObjectURL).toHaveBeenCalledWith(pdf);

    expect($('h1')?.textContent).toBe(invoiceTexts.title);
    const viewer = $<HTMLObjectElement>('object');
    expect(viewer?.getAttribute('data')).toBe('blob:invoice-1');
    expect(viewer?.getAttribute('type')).toBe('application/pdf');
    expect(viewer?.getAttribute('aria-label')).toBe('Invoice (PDF)');
    const download = linkByText('Download invoice (PDF)');
    expect(download?.getAttribute('href')).toBe('blob:invoice-1');
    expect(download?.getAttribute('download')).toBe('invoice-ch_7001.pdf');
    expect(linkByText('Back to My Account')?.getAttribute('href')).toBe('/home');

    // The blob's URL is let go with the page.
    await view!.unmount();
    view = undefined;
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:invoice-1');
  });

  it.each([404, 403])(
    'says it could not find the invoice when checkout answers %s (another patient’s payment)',
    async (status) => {
      fetchMock.mockResolvedValue(
        jsonResponse(status, { status: 'error', message: 'We could not find this payment.' }),
      );
      await open('/invoice/ch_someone_else');
      expect($('h1')?.textContent).toBe('We could not find this invoice.');
      expect($('object')).toBeNull();
      expect(linkByText('Download invoice (PDF)')).toBeUndefined();
      expect(createObjectURL).not.toHaveBeenCalled();
      expect(linkByText('Back to My Account')?.getAttribute('href')).toBe('/home');
    },
  );

  it('says when the invoice could not be loaded and tries again', async () => {
    answer(jsonResponse(500, { status: 'error', message: 'Boom' }));
    await open('/invoice/ch_1');
    expect($('h1')?.textContent).toBe(invoiceTexts.failed);
    const retry = [...view!.container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Try again',
    )!;
    answer(pdfResponse(new Blob(['%PDF'], { type: 'application/pdf' })));
    await act(async () => retry.click());
    await settle();
    expect(pdfCalls()).toHaveLength(2);
    expect($('object')?.getAttribute('data')).toBe('blob:invoice-1');
  });

  it('goes back to the account', async () => {
    answer(pdfResponse(new Blob(['%PDF'], { type: 'application/pdf' })));
    await open('/invoice/ch_1');
    await act(async () => {
      linkByText('Back to My Account')!.dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }),
      );
    });
    expect($('[data-testid="where"]')?.textContent).toBe('/home');
  });

  describe('the summary', () => {
    const facts = () =>
      Object.fromEntries(
        [...view!.container.querySelectorAll('.invoice__facts > div')].map((fact) => [
          fact.querySelector('dt')?.textContent,
          fact.querySelector('dd')?.textContent,
        ]),
      );

    it('says what the invoice says: order number, date of issue, product, amount and status', async () => {
      answer(pdfResponse(new Blob(['%PDF'], { type: 'application/pdf' })));
      await open('/invoice/ch_7001');
      const summary = view!.container.querySelector('[aria-label="Invoice summary"]');
      expect(summary).not.toBeNull();
      // 23:30 UTC is the afternoon of Nov 27 in the clinic's zone, as the PDF dates it.
      expect(facts()).toEqual({
        Order: '#0007',
        'Date of issue': 'Nov 27, 2026',
        Product: 'Semaglutide Quarterly Plan',
        Amount: '$449.97',
        Status: 'Paid',
      });
      // Before the download.
      const download = linkByText('Download invoice (PDF)')!;
      expect(
        summary!.compareDocumentPosition(download) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    });

    it("says Refunded for a refunded payment, and the PDF's description for a nameless one", async () => {
      transactions = [{ ...payment, status: 'refunded', product_name: ' ' }];
      answer(pdfResponse(new Blob(['%PDF'], { type: 'application/pdf' })));
      await open('/invoice/ch_7001');
      expect(facts()).toMatchObject({ Status: 'Refunded', Product: 'Subscription Service' });
    });

    it('leaves the summary out, never the invoice, when the lists cannot be read', async () => {
      orders = { status: 'error' };
      answer(pdfResponse(new Blob(['%PDF'], { type: 'application/pdf' })));
      await open('/invoice/ch_7001');
      expect(view!.container.querySelector('.invoice__summary')).toBeNull();
      expect(linkByText('Download invoice (PDF)')?.getAttribute('href')).toBe('blob:invoice-1');
    });
  });
});
