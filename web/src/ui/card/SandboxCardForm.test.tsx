import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { settle } from '../../account/testing/kit';
import { SandboxCardForm } from './SandboxCardForm';

let fetchMock: FetchMock;
let view: Rendered | undefined;

beforeEach(() => {
  fetchMock = installFetchMock();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function open(): Promise<Rendered> {
  view = await render(
    <SandboxCardForm
      onReady={() => undefined}
      onWallet={() => Promise.resolve(true)}
      onWalletClick={() => true}
      amountCents={100}
      disabled={false}
      cardError={null}
    />,
  );
  await settle();
  return view;
}

const walletButton = (v: Rendered) => v.container.querySelector('.wallet-button')?.textContent;

describe('the sandbox wallet button', () => {
  it('says "sandbox test mode" outside production', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { processor: 'sandbox', publishableKey: null, environment: 'development' }),
    );
    expect(walletButton(await open())).toBe('Pay with wallet (sandbox test mode)');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/payment-config');
  });

  it('never says "sandbox" to a patient in production', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { processor: 'sandbox', publishableKey: null, environment: 'production' }),
    );
    const shown = await open();
    expect(walletButton(shown)).toBe('Pay with wallet');
    expect(shown.container.textContent).not.toMatch(/sandbox/i);
  });

  it('says production when the server does not say (an older server) or cannot answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { processor: 'sandbox', publishableKey: null }));
    expect(walletButton(await open())).toBe('Pay with wallet');
    await view!.unmount();

    fetchMock.mockResolvedValue(jsonResponse(503, { status: 'error', message: 'down' }));
    expect(walletButton(await open())).toBe('Pay with wallet');
  });
});
