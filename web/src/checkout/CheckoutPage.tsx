import { startTransition, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { checkoutMessages } from '@clinic/contracts';
import { usePageTitle } from '../components/usePageTitle';
import { QuizProgress } from '../intake';
import { CheckoutForm, type CheckoutVariant } from './CheckoutForm';
import { captureConversionId } from './conversionId';
import { cartErrorText, loadCart, type LoadedCart } from './loadCart';
import '../styles/funnel.css';
import './checkout.css';

type Stage =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; cart: LoadedCart };

function CheckoutStages({ cartId, variant }: { cartId?: string; variant: CheckoutVariant }) {
  const [stage, setStage] = useState<Stage>(() =>
    cartId
      ? { kind: 'loading' }
      : {
          kind: 'error',
          message: `${checkoutMessages.unknownCart} ${checkoutMessages.cartLoadSuffix}`,
        },
  );

  useEffect(() => {
    captureConversionId();
    if (!cartId) return;
    let active = true;
    loadCart(cartId).then(
      // The whole form renders at once here: as a transition, React renders it in slices and
      // yields to the browser between them (no long task), the loading note showing meanwhile.
      (cart) => active && startTransition(() => setStage({ kind: 'ready', cart })),
      (error: unknown) => active && setStage({ kind: 'error', message: cartErrorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [cartId]);

  // While the cart loads the page keeps a screen's height (checkout--loading): the form that
  // follows is taller than any screen, so the footer below stays out of sight instead of showing
  // under the loading note and then jumping down (a layout shift of 0.47 on a phone).
  const loading = stage.kind === 'loading';
  return (
    <main
      className={loading ? 'page checkout checkout--loading' : 'page checkout'}
      data-page="checkout"
      data-variant={variant}
    >
      <div className="quiz__top checkout__progress">
        <QuizProgress step={2} total={4} />
      </div>
      <header className="checkout__head">
        <h1 className="checkout__title">Complete your order</h1>
        <p className="checkout__lead">
          Doctor review within 24 hours · Free 2-day express shipping · Instant refund if you are
          not approved
        </p>
      </header>
      {stage.kind === 'loading' && (
        <div className="card checkout__status" role="status">
          <span className="co-spinner" aria-hidden="true" />
          <p>Loading your cart…</p>
        </div>
      )}
      {stage.kind === 'error' && (
        <div className="card checkout__status checkout__status--error">
          <p role="alert" className="co-error" data-testid="cart-error">
            {stage.message}
          </p>
          <Link to="/weight-loss-plan" className="button button--secondary">
            Back to the plans
          </Link>
        </div>
      )}
      {stage.kind === 'ready' && <CheckoutForm cart={stage.cart} variant={variant} />}
    </main>
  );
}

/**
 * /weight-loss-payment/:cartId? and /weightlosspayment/:cartId? (spec 001 section 2): the cart
 * of the link, then the form. A new cart id (switching medication) starts the page afresh, as
 * the spec's reload does.
 */
export function CheckoutPage({ variant }: { variant: CheckoutVariant }) {
  usePageTitle('Checkout');
  const { cartId } = useParams();
  return <CheckoutStages key={cartId ?? ''} cartId={cartId} variant={variant} />;
}
