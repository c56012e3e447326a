import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  addToOrder,
  antiNausea,
  bundleSelected,
  bundleTerms,
  paymentTerms,
  paymentTermLabels,
  upsellMessages,
  upsellStatus,
  type PaymentTerm,
} from '@clinic/contracts';
import { callApi, toApiError } from '../api/client';
import { readPreauths, writePreauths } from '../session/preauths';
import { newIdempotencyKey } from '../api/idempotencyKey';
import { formatUsd } from '../ui/money';
import { usePageTitle } from '../components/usePageTitle';
import { QuizProgress } from '../intake';
import { useSession } from '../session/session';
import '../styles/funnel.css';
import './thanks.css';

type Choice = 'Nausea' | 'None';

/** Spec 000 section 8: the server's message, "Something went wrong" without one, else unexpected. */
export function upsellErrorText(error: unknown): string {
  const failure = toApiError(error);
  if (failure.isNetwork) return upsellMessages.unexpected;
  return failure.serverMessage ?? upsellMessages.failed;
}

/** The add-on's preauthorisations join the checkout's, for the verification pages. */
function keepPreauths(added: readonly unknown[]): void {
  if (added.length > 0) writePreauths([...readPreauths(), ...added]);
}

/** This tab added GLP Anti-Nausea already (its preauthorisation is kept with the checkout's). */
function addedInThisTab(): boolean {
  return readPreauths().some((p) => p.product_name === antiNausea.name);
}

/** The server refused Add To Order because the order has it already. */
function alreadyAdded(error: unknown): boolean {
  const failure = toApiError(error);
  return failure.status === 409 && failure.detail('already_added') === true;
}

/** The price now, when the server refused Add To Order because it changed since it was shown. */
function changedPrice(error: unknown): number | null {
  const failure = toApiError(error);
  const now = failure.detail('price_cents');
  return failure.status === 409 && typeof now === 'number' ? now : null;
}

/**
 * The preauthorisations of an add-on the server charged. Once it says "success" the card was
 * charged, so an answer the contract refuses (a missing detail) still moves on, as checkout does.
 */
async function addOn(request: () => Promise<{ prescriptionPreauths: readonly unknown[] }>) {
  try {
    return (await request()).prescriptionPreauths;
  } catch (error) {
    const failure = toApiError(error);
    if (failure.kind !== 'malformed' || failure.detail('status') !== 'success') throw error;
    const added = failure.detail('prescriptionPreauths');
    return Array.isArray(added) ? (added as unknown[]) : [];
  }
}

function termOf(value: string | null): PaymentTerm | null {
  const months = Number(value);
  return (paymentTerms as readonly number[]).includes(months) ? (months as PaymentTerm) : null;
}

function GiftIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1.2C7 7 9 7 12 7Zm0 0c1.5-3 5-3.5 5-1.2C17 7 15 7 12 7Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Step 1: the payment received, and the anti-nausea offer (Add To Order, or No thanks). */
function OfferStep({
  amount,
  priceCents,
  canAdd,
  error,
  busy,
  onAdd,
  onDecline,
}: {
  amount: number;
  /** What Add To Order charges: the server's price now, the spec's until it answers. */
  priceCents: number;
  /** Only a patient with a session can add it (to the card saved at checkout). */
  canAdd: boolean;
  error: string | null;
  busy: boolean;
  onAdd(): void;
  onDecline(): void;
}) {
  return (
    <section className="card thanks__card" aria-labelledby="upsell-title">
      {Number.isFinite(amount) && amount > 0 && (
        <p className="thanks__paid" role="status">
          Thank you! Your payment of {formatUsd(Math.round(amount * 100))} was received.
        </p>
      )}
      <p className="thanks__eyebrow">Special offer for your first shipment</p>
      <h1 id="upsell-title" className="thanks__title">
        {antiNausea.name}
      </h1>
      <div className="offer">
        <div className="offer__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
            <rect
              x="3"
              y="8"
              width="18"
              height="8"
              rx="4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <path d="M12 8v8" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </div>
        <div className="offer__text">
          <p className="offer__desc">{antiNausea.description}</p>
          <p className="offer__why">
            Eases the nausea some patients feel while starting or raising a GLP-1 dose.
          </p>
        </div>
        <p className="offer__price">{formatUsd(priceCents)}</p>
      </div>
      {error && (
        <p className="thanks__error" role="alert">
          {error}
        </p>
      )}
      <div className="thanks__actions">
        {canAdd && (
          <button type="button" className="button thanks__primary" disabled={busy} onClick={onAdd}>
            Add To Order
          </button>
        )}
        <button
          type="button"
          className="button button--secondary thanks__primary"
          disabled={busy}
          onClick={onDecline}
        >
          No thanks
        </button>
      </div>
      {canAdd && (
        <p className="thanks__note">
          Charged to the card you just used. You can cancel it before it ships.
        </p>
      )}
    </section>
  );
}

/** Step 2: the regimen, the add-on when it was added, and Next Step. */
function RegimenStep({
  firstName,
  medication,
  term,
  added,
  error,
  busy,
  onNext,
}: {
  firstName: string;
  medication: string | undefined;
  term: ReturnType<typeof termOf>;
  added: boolean;
  error: string | null;
  busy: boolean;
  onNext(): void;
}) {
  return (
    <section className="card thanks__card" aria-labelledby="upsell-title">
      <h1 id="upsell-title" className="thanks__title">
        {firstName ? `You made the right choice, ${firstName}` : 'You made the right choice'}
      </h1>
      <div className="regimen">
        <h2 className="regimen__title">Your current regimen</h2>
        <dl className="regimen__facts">
          {medication && (
            <div>
              <dt>Medication</dt>
              <dd>{medication}</dd>
            </div>
          )}
          {term && (
            <div>
              <dt>Plan</dt>
              <dd>{paymentTermLabels[term].name}</dd>
            </div>
          )}
          <div>
            <dt>Dosing</dt>
            <dd>Weekly injection</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>All dosage levels are the same price</dd>
          </div>
        </dl>
      </div>
      {added && (
        <div className="gift" data-testid="nausea-gift">
          <span className="gift__ribbon">Added to your order</span>
          <span className="gift__icon">
            <GiftIcon />
          </span>
          <div>
            <p className="gift__name">{antiNausea.name}</p>
            <p className="gift__desc">{antiNausea.description}</p>
          </div>
        </div>
      )}
      {error && (
        <p className="thanks__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button thanks__primary"
        disabled={busy}
        // Next Step takes Add To Order's place: the second click of a double tap on Add To Order
        // lands here and must not skip this step. A click that starts its own tap still counts.
        onClick={(event) => {
          if (event.detail < 2) onNext();
        }}
      >
        Next Step
      </button>
    </section>
  );
}

/**
 * /payment/thanks (spec 000 sections 2 and 4, "Upsell"): step 1 offers GLP Anti-Nausea; adding it
 * charges the card saved at checkout once (one Idempotency-Key per visit of the page). Step 2
 * confirms the regimen; Next Step records the choice and opens /status-progress. Once the order
 * has it (this tab added it, or the server says so: a reload, the back button, another visit),
 * the page opens at step 2 and never offers it again; the server refuses a second add too.
 */
export function UpsellPage() {
  usePageTitle('Your Order');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const [addedBefore] = useState(addedInThisTab);
  const [step, setStep] = useState<1 | 2>(addedBefore ? 2 : 1);
  const [choice, setChoice] = useState<Choice>(addedBefore ? 'Nausea' : 'None');
  // Whether the order has it already is asked once; until the answer the offer is not shown.
  const [checking, setChecking] = useState(session !== null && !addedBefore);
  const [priceCents, setPriceCents] = useState<number>(antiNausea.price);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const firstName =
    typeof session?.user.first_name === 'string' ? session.user.first_name.trim() : '';
  const term = termOf(params.get('terms'));
  const amount = Number(params.get('amount'));
  const medication = readPreauths().find((p) => typeof p.product_name === 'string')?.product_name;

  const asked = useRef(false);
  useEffect(() => {
    if (!checking || asked.current) return;
    asked.current = true;
    callApi(upsellStatus, {})
      .then(({ added, price_cents }) => {
        setPriceCents(price_cents);
        if (!added) return;
        setChoice('Nausea');
        setStep(2);
      })
      // Unknown: the offer shows, and the server refuses a second add anyway.
      .catch(() => undefined)
      .finally(() => setChecking(false));
  }, [checking]);

  function showAdded() {
    setChoice('Nausea');
    setStep(2);
  }

  async function run(action: () => Promise<void>) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(upsellErrorText(failure));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  const addNausea = () =>
    run(async () => {
      try {
        keepPreauths(
          await addOn(() =>
            callApi(addToOrder, {
              headers: { 'Idempotency-Key': idempotencyKey },
              // The price shown: if it changed meanwhile, nothing is charged and the page shows the new one.
              body: { product: antiNausea.sku, price_cents: priceCents },
            }),
          ),
        );
      } catch (failure) {
        const now = changedPrice(failure);
        if (now !== null) setPriceCents(now);
        if (!alreadyAdded(failure)) throw failure;
      }
      showAdded();
    });

  function decline() {
    setError(null);
    setChoice('None');
    setStep(2);
  }

  const nextStep = () =>
    run(async () => {
      // The choice is recorded on the patient's order; a guest has no session to record it with.
      if (session) {
        await callApi(bundleSelected, {
          body: { selectedMed: choice, terms: bundleTerms(params.get('terms')) },
        });
      }
      navigate('/status-progress');
    });

  return (
    <main className="page page--narrow thanks" data-page="upsell">
      <div className="quiz__top">
        <QuizProgress step={3} total={4} />
      </div>
      {checking ? (
        <section className="card thanks__card" aria-busy="true">
          <p className="thanks__note" role="status">
            Loading your order…
          </p>
        </section>
      ) : step === 1 ? (
        <OfferStep
          amount={amount}
          priceCents={priceCents}
          canAdd={session !== null}
          error={error}
          busy={busy}
          onAdd={() => void addNausea()}
          onDecline={decline}
        />
      ) : (
        <RegimenStep
          firstName={firstName}
          medication={typeof medication === 'string' ? medication : undefined}
          term={term}
          added={choice === 'Nausea'}
          error={error}
          busy={busy}
          onNext={() => void nextStep()}
        />
      )}
    </main>
  );
}
