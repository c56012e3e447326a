import { act } from 'react';
import { checkoutMessages } from '@clinic/contracts';
import { settle } from '../../account/testing/kit';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { CardEntry } from './CardEntry';
import { CardEntryError } from './cardEntry';
import { usePaymentProcessor, type PaymentProcessor } from './usePaymentProcessor';

let fetchMock: FetchMock;
let view: Rendered | undefined;
let payment: PaymentProcessor | undefined;
const recovered = jest.fn();

beforeEach(() => {
  fetchMock = installFetchMock();
  recovered.mockClear();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  payment = undefined;
});

function Harness() {
  payment = usePaymentProcessor({ onRecovered: recovered });
  return (
    <CardEntry
      payment={payment}
      onWallet={() => Promise.resolve(false)}
      onWalletClick={() => false}
      amountCents={100}
      disabled={false}
      cardError={null}
    />
  );
}

const sandbox = () =>
  jsonResponse(200, { processor: 'sandbox', publishableKey: null, environment: 'development' });

describe('CardEntry with usePaymentProcessor', () => {
  it('says the form is loading until the processor is known, then shows its card form', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    fetchMock.mockResolvedValue(sandbox());
    view = await render(<Harness />);
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(
      'Loading the secure payment form…',
    );
    expect(payment!.ready).toBe(false);

    await act(async () => answer(sandbox()));
    await settle();
    expect(payment!.ready).toBe(true);
    expect(view.container.querySelector('input[name="cardnumber"]')).not.toBeNull();
  });

  it('offers Try again when the processor cannot be loaded, and recovers', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    fetchMock.mockResolvedValue(sandbox());
    view = await render(<Harness />);
    await settle();
    expect(view.container.textContent).toContain(checkoutMessages.paymentNotInitialized);
    expect(payment!.ready).toBe(false);
    expect(recovered).not.toHaveBeenCalled();

    const retry = [...view.container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Try again',
    )!;
    await act(async () => retry.click());
    await settle();
    expect(payment!.ready).toBe(true);
    expect(recovered).toHaveBeenCalledTimes(1);
    expect(view.container.querySelector('input[name="cardnumber"]')).not.toBeNull();
  });

  it('refuses to tokenise without a card form, with the message it is given', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    view = await render(<Harness />);
    await settle();
    await expect(payment!.tokenize('Not ready.')).rejects.toEqual(new CardEntryError('Not ready.'));
  });
});
