/**
 * The portal's Dosage tab (spec 002 sections 2 and 9): one sub-tab per order with prescription
 * data, named 'Drug (date)'; in each, the 'Month N' progression with the strength in mg and its
 * S/T label, the supply list (the medication, and apart what comes with it) and the directions;
 * 'No prescription found' when there is none. The rules are the contracts' (rules/dosage); the
 * data, GET /api/order-items (orderItemsApi). Above the months, "Your progress" (ProgressSection):
 * the patient's weights as a chart and the selected prescription's dose timeline; under it the
 * "Dose log" (care/DoseLog, issue 31): the doses the patient logged.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  dosageProgression,
  dosageSupply,
  dosageTabName,
  dosageTexts,
  formatDoseMg,
  newestFirst,
  ordersWithPrescriptions,
  type DosageSupply,
  type ProgressItem,
} from '@clinic/contracts';
import { Button } from '../../ui';
import { DoseLog } from '../care/DoseLog';
import type { OrderItemsQuery } from '../orderItemsApi';
import { ProgressSection } from './ProgressSection';
import './dosage.css';

export const dosageTabTexts = {
  title: 'Your Dosage Plan',
  loading: 'Loading your prescriptions...',
  loadFailed: 'We could not load your prescriptions. Please try again.',
  schedule: 'Dose Schedule',
  supply: 'Your Supply',
  alsoIncluded: 'Also included',
  directions: 'Directions',
  prescriptions: 'Prescriptions',
} as const;

/** The directions grouped by item, in the order they come: one name, its texts under it. */
function directionsByItem(directions: DosageSupply['directions']): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const d of directions) groups.set(d.name, [...(groups.get(d.name) ?? []), d.directions]);
  return [...groups];
}

function Plan({ item, headingId }: { item: ProgressItem; headingId: string }) {
  const months = dosageProgression(item.prescription_data);
  const supply = dosageSupply(item.prescription_data);
  return (
    <div className="dosage-plan">
      <h3 id={headingId} className="visually-hidden">
        {dosageTabName(item)}
      </h3>
      {months.length > 0 && (
        <section className="dosage-plan__section" aria-labelledby={`${headingId}-schedule`}>
          <h4 id={`${headingId}-schedule`} className="dosage-plan__heading">
            {dosageTabTexts.schedule}
          </h4>
          <ol className="dosage-months">
            {months.map((m) => (
              <li key={m.month} className="dosage-months__row" data-month={m.month}>
                <span className="dosage-months__month">{m.title}</span>
                <span className="dosage-months__name">{m.name}</span>
                <span className="dosage-months__mg">{formatDoseMg(m.strength)}</span>
                {m.label && (
                  <span className="dosage-months__label" data-drug={m.drug}>
                    <span className="visually-hidden">strength </span>
                    {m.label}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="dosage-plan__columns">
        <section className="dosage-plan__section" aria-labelledby={`${headingId}-supply`}>
          <h4 id={`${headingId}-supply`} className="dosage-plan__heading">
            {dosageTabTexts.supply}
          </h4>
          <ul className="dosage-supply">
            {supply.medication.map((line) => (
              <li key={line.name}>
                <span>{line.name}</span>
                {line.quantity && <span className="dosage-supply__count">{line.quantity}</span>}
              </li>
            ))}
          </ul>
          {supply.supporting.length > 0 && (
            <>
              <p className="dosage-supply__also">{dosageTabTexts.alsoIncluded}</p>
              <ul className="dosage-supply dosage-supply--supporting">
                {supply.supporting.map((line) => (
                  <li key={line.name}>
                    <span>{line.name}</span>
                    {line.quantity && <span className="dosage-supply__count">{line.quantity}</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        {supply.directions.length > 0 && (
          <section className="dosage-plan__section" aria-labelledby={`${headingId}-directions`}>
            <h4 id={`${headingId}-directions`} className="dosage-plan__heading">
              {dosageTabTexts.directions}
            </h4>
            <dl className="dosage-directions">
              {directionsByItem(supply.directions).map(([name, texts]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  {texts.map((text) => (
                    <dd key={text}>{text}</dd>
                  ))}
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
    </div>
  );
}

/**
 * One sub-tab per order: a shipment that carries its order's very prescription (a reship, say)
 * adds no tab of its own; the newest item of each is kept.
 */
function distinctPrescriptions(items: ProgressItem[]): ProgressItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.id}:${item.prescription_data.map((e) => e.rxId).join(',')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The Dosage tab, on the portal's query of GET /api/order-items. The default export is what
 * the portal loads lazily. */
export function DosageTab({ query }: { query: OrderItemsQuery }) {
  const { data, isPending, isError, refetch, isFetching } = useQuery(query);
  const [chosen, setChosen] = useState<string | null>(null);
  const base = useId();

  if (isPending)
    return (
      <div className="portal-panel dosage">
        <h2 className="portal-panel__title">{dosageTabTexts.title}</h2>
        <p className="portal-panel__note" role="status">
          {dosageTabTexts.loading}
        </p>
      </div>
    );
  if (isError && !data)
    return (
      <div className="portal-panel dosage">
        <h2 className="portal-panel__title">{dosageTabTexts.title}</h2>
        <div className="portal-panel__note portal-panel__note--error" role="alert">
          <p>{dosageTabTexts.loadFailed}</p>
          <Button
            variant="secondary"
            size="small"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </div>
      </div>
    );

  const orders = distinctPrescriptions(ordersWithPrescriptions(newestFirst(data.orders)));
  // The chosen order, or the newest when it is gone (or none was chosen).
  const selected = orders.find((o) => o.item_id === chosen) ?? orders[0];
  const tabId = (o: ProgressItem) => `${base}-tab-${o.item_id}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!selected) return;
    const at = orders.indexOf(selected);
    const next =
      event.key === 'ArrowRight'
        ? orders[(at + 1) % orders.length]
        : event.key === 'ArrowLeft'
          ? orders[(at - 1 + orders.length) % orders.length]
          : event.key === 'Home'
            ? orders[0]
            : event.key === 'End'
              ? orders[orders.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setChosen(next.item_id);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div className="portal-panel dosage">
      <h2 className="portal-panel__title">{dosageTabTexts.title}</h2>
      {!selected ? (
        <p className="card dosage__none">{dosageTexts.noPrescription}</p>
      ) : (
        <>
          <div
            className="dosage-tabs"
            role="tablist"
            aria-label={dosageTabTexts.prescriptions}
            onKeyDown={onKeyDown}
          >
            {orders.map((o) => {
              const isSelected = o === selected;
              return (
                <button
                  key={o.item_id}
                  id={tabId(o)}
                  type="button"
                  role="tab"
                  className="dosage-tabs__tab"
                  aria-selected={isSelected}
                  aria-controls={isSelected ? panelId : undefined}
                  tabIndex={isSelected ? 0 : -1}
                  onClick={() => setChosen(o.item_id)}
                >
                  {dosageTabName(o)}
                </button>
              );
            })}
          </div>
          <section
            id={panelId}
            className="card dosage__panel"
            role="tabpanel"
            aria-labelledby={tabId(selected)}
          >
            <ProgressSection item={selected} items={data.orders} headingId={`${base}-progress`} />
            <DoseLog headingId={`${base}-doses`} headingClassName="dosage-plan__heading" />
            <Plan item={selected} headingId={`${base}-plan`} />
          </section>
        </>
      )}
    </div>
  );
}

export default DosageTab;
