/**
 * /console/prices (admins): the price table, per drug month 1 of the monthly plan and each
 * term's total, and the one-time price of the GLP Anti-Nausea add-on, in dollars; saved as a whole from the version shown. Carts saved after a change
 * pay the new prices; paid orders, carts already open and the renewals of existing subscriptions
 * keep theirs. Below, every change: who, when, which prices moved.
 */
import {
  antiNausea,
  drugLabels,
  drugs,
  paymentTermLabels,
  type ConsoleSection,
  type PriceTable,
} from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { ChangesSection } from './ChangeList';
import { useVersionedSave } from './useVersionedSave';
import { Button, Field, FormMessage, ToastRegion, useToasts } from '../../ui';
import { formatUsd } from '../../ui/money';
import type { SectionCopy } from '../sections';
import { priceHistoryQuery, pricesKey, pricesQuery, savePrices } from './catalogApi';
import {
  cellOf,
  priceColumns,
  priceDraftOf,
  priceServerErrors,
  priceTableOf,
  type PriceColumn,
  type PriceDraft,
} from './priceForm';

const columnLabel = (column: PriceColumn) =>
  column === 'firstMonth' ? 'Month 1 (monthly plan)' : paymentTermLabels[column].name;

function PriceForm({
  table,
  version,
  onSaved,
}: {
  table: PriceTable;
  version: number;
  onSaved(): Promise<void>;
}) {
  const [draft, setDraft] = useState<PriceDraft>(() => priceDraftOf(table));
  const { errors, failure, busy, save, refuse } = useVersionedSave(priceServerErrors);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = priceTableOf(draft);
    if (checked.errors) return refuse(checked.errors);
    await save(async () => {
      await savePrices(checked.table, version);
      await onSaved();
    });
  }

  return (
    <form className="cc-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Prices">
      {drugs.map((drug) => (
        <fieldset key={drug} className="cc-card cc-prices" data-drug={drug}>
          <legend className="cc-card__code">{drugLabels[drug]}</legend>
          <div className="cc-prices__grid">
            {priceColumns.map((column) => (
              <Field
                key={column}
                label={columnLabel(column)}
                hint={column === 1 ? 'Each month after month 1' : undefined}
                inputMode="decimal"
                value={draft[drug][column]}
                error={errors[`${drug}.${column}`]}
                onValueChange={(v) =>
                  setDraft((d) => ({ ...d, [drug]: { ...d[drug], [column]: v } }))
                }
              />
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="cc-card cc-prices" data-drug="anti-nausea">
        <legend className="cc-card__code">{antiNausea.name} add-on</legend>
        <div className="cc-prices__grid">
          <Field
            label="One-time price"
            hint="Charged once when a patient adds it to an order"
            inputMode="decimal"
            value={draft.antiNausea}
            error={errors.antiNausea}
            onValueChange={(v) => setDraft((d) => ({ ...d, antiNausea: v }))}
          />
        </div>
      </fieldset>
      <FormMessage kind="error">{failure}</FormMessage>
      <div className="cc-actions">
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save prices
        </Button>
      </div>
    </form>
  );
}

function PriceHistory() {
  const history = useQuery(priceHistoryQuery());
  return (
    <ChangesSection
      id="cc-price-history"
      changes={history.data}
      moved={({ before, after }) => [
        ...drugs.flatMap((drug) =>
          priceColumns
            .filter((c) => cellOf(before, drug, c) !== cellOf(after, drug, c))
            .map(
              (c) =>
                `${drugLabels[drug]}, ${columnLabel(c)}: ${formatUsd(cellOf(before, drug, c))} → ${formatUsd(cellOf(after, drug, c))}`,
            ),
        ),
        ...(before.antiNausea !== after.antiNausea
          ? [`${antiNausea.name}: ${formatUsd(before.antiNausea)} → ${formatUsd(after.antiNausea)}`]
          : []),
      ]}
    />
  );
}

export function PricesPage({ section, copy }: { section: ConsoleSection; copy: SectionCopy }) {
  usePageTitle(`${section.label} · Staff console`);
  const prices = useQuery(pricesQuery());
  const queryClient = useQueryClient();
  const { toasts, show } = useToasts();
  async function onSaved() {
    show('success', 'Prices saved. Carts saved from now on pay them.');
    await queryClient.invalidateQueries({ queryKey: pricesKey });
  }
  return (
    <main className="console-page console-page--wide" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
        <p className="console-page__purpose">
          A change applies to carts saved after it. Paid orders, open carts and the renewals of
          existing subscriptions keep the prices they were sold at.
        </p>
      </header>
      {prices.isPending && <p aria-busy="true">Loading prices...</p>}
      {prices.isError && <FormMessage kind="error">{prices.error.message}</FormMessage>}
      {prices.data && (
        // A new version (after a save) starts the form again from what the server keeps.
        <PriceForm
          key={prices.data.version}
          table={prices.data.value}
          version={prices.data.version}
          onSaved={onSaved}
        />
      )}
      <PriceHistory />
      <ToastRegion toasts={toasts} />
    </main>
  );
}
