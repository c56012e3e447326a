/**
 * /console/offers (admins): which plan product each drug sells under each offer variant a landing
 * link may carry (default, A, B, C; a variant without its own plan sells the default). Saved as
 * a whole from the version shown; the plan page sells the new plans at once. Below, every change.
 */
import {
  drugLabels,
  drugs,
  offerVariants,
  type ConsoleSection,
  type Drug,
  type OfferPlans,
  type OfferVariant,
  type Product,
} from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { ChangesSection } from './ChangeList';
import { useVersionedSave } from './useVersionedSave';
import { Button, FormMessage, Select, ToastRegion, useToasts } from '../../ui';
import type { SectionCopy } from '../sections';
import {
  liveProductsQuery,
  offerHistoryQuery,
  offersAdminQuery,
  offersKey,
  saveOffers,
} from './catalogApi';

type Errors = Partial<Record<`${Drug}.${OfferVariant}`, string>>;

const variantLabel = (v: OfferVariant) => (v === 'default' ? 'Default offer' : `Offer ${v}`);

/** `value.semaglutide.A` → `semaglutide.A`. */
function serverErrors(fields: readonly { field: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const { field, message } of fields) {
    const [drug, variant] = field.replace(/^value\./, '').split('.');
    const d = drugs.find((x) => x === drug);
    const v = offerVariants.find((x) => x === variant);
    if (d && v) errors[`${d}.${v}`] ??= message;
  }
  return errors;
}

function OfferForm({
  offers,
  version,
  products,
  onSaved,
}: {
  offers: OfferPlans;
  version: number;
  products: readonly Product[];
  onSaved(): Promise<void>;
}) {
  const [draft, setDraft] = useState<OfferPlans>(offers);
  const { errors, failure, busy, save } = useVersionedSave(serverErrors);

  const plansOf = (drug: Drug) => {
    const skus = products.filter((p) => p.drug === drug).map((p) => p.sku);
    // The plan an offer names now stays choosable even if the list has not caught up.
    for (const v of offerVariants) {
      const plan = offers[drug][v];
      if (plan && !skus.includes(plan)) skus.push(plan);
    }
    return skus;
  };

  function choose(drug: Drug, variant: OfferVariant, plan: string) {
    setDraft((d) => {
      const next = { ...d[drug] };
      if (variant !== 'default' && plan === '') delete next[variant];
      else next[variant] = plan;
      return { ...d, [drug]: next };
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save(async () => {
      await saveOffers(draft, version);
      await onSaved();
    });
  }

  return (
    <form className="cc-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Offers">
      {drugs.map((drug) => (
        <fieldset key={drug} className="cc-card cc-prices cc-offers" data-drug={drug}>
          <legend className="cc-card__code">{drugLabels[drug]}</legend>
          <div className="cc-prices__grid">
            {offerVariants.map((variant) => (
              <Select
                key={variant}
                label={variantLabel(variant)}
                value={draft[drug][variant] ?? ''}
                error={errors[`${drug}.${variant}`]}
                onValueChange={(plan) => choose(drug, variant, plan)}
              >
                {variant !== 'default' && <option value="">The default plan</option>}
                {plansOf(drug).map((sku) => (
                  <option key={sku} value={sku}>
                    {sku}
                  </option>
                ))}
              </Select>
            ))}
          </div>
        </fieldset>
      ))}
      <FormMessage kind="error">{failure}</FormMessage>
      <div className="cc-actions">
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save offers
        </Button>
      </div>
    </form>
  );
}

function OfferHistory() {
  const history = useQuery(offerHistoryQuery());
  return (
    <ChangesSection
      id="cc-offer-history"
      changes={history.data}
      moved={(change) =>
        drugs.flatMap((drug) =>
          offerVariants
            .filter((v) => change.before[drug][v] !== change.after[drug][v])
            .map(
              (v) =>
                `${drugLabels[drug]}, ${variantLabel(v)}: ${change.before[drug][v] ?? 'default'} → ${change.after[drug][v] ?? 'default'}`,
            ),
        )
      }
    />
  );
}

export function OffersPage({ section, copy }: { section: ConsoleSection; copy: SectionCopy }) {
  usePageTitle(`${section.label} · Staff console`);
  const offers = useQuery(offersAdminQuery());
  const products = useQuery(liveProductsQuery());
  const queryClient = useQueryClient();
  const { toasts, show } = useToasts();
  async function onSaved() {
    show('success', 'Offers saved. The plan page sells these plans now.');
    await queryClient.invalidateQueries({ queryKey: offersKey });
  }
  const failed = offers.error ?? products.error;
  return (
    <main className="console-page console-page--wide" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
      </header>
      {(offers.isPending || products.isPending) && !failed && (
        <p aria-busy="true">Loading offers...</p>
      )}
      {failed && <FormMessage kind="error">{failed.message}</FormMessage>}
      {offers.data && products.data && (
        <OfferForm
          key={offers.data.version}
          offers={offers.data.value}
          version={offers.data.version}
          products={products.data}
          onSaved={onSaved}
        />
      )}
      <OfferHistory />
      <ToastRegion toasts={toasts} />
    </main>
  );
}
