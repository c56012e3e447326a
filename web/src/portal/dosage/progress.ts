/**
 * The numbers of the Dosage tab's "Your progress" section: the weight summary (first, latest,
 * change) and the dose timeline of the selected prescription (its months' strengths and the
 * shipments of its order). Pure: the section and the chart draw these.
 */
import {
  dosageProgression,
  type DosageMonth,
  type ProgressItem,
  type WeightEntry,
} from '@clinic/contracts';

export const progressTexts = {
  title: 'Your progress',
  weight: 'Weight',
  loading: 'Loading your weight history...',
  loadFailed: 'We could not load your weight history right now.',
  tooFew:
    'Your weight chart appears once you have reported your weight twice. We ask for it with every refill check-in.',
  start: 'Starting weight',
  latest: 'Latest weight',
  numbers: 'Your weights in numbers',
  date: 'Date',
  pounds: 'Weight (lb)',
  from: 'Reported in',
  doses: 'Dose timeline',
  shipments: 'Shipments',
  noShipments: 'Nothing of this prescription has shipped yet.',
} as const;

export const weightSourceLabels: Record<WeightEntry['source'], string> = {
  intake: 'Intake quiz',
  assessment: 'Medical assessment',
  refill: 'Refill check-in',
  'dose-log': 'Dose log',
};

/** "212 lb", "198.5 lb" */
export function formatPounds(pounds: number): string {
  return `${Number(pounds.toFixed(1))} lb`;
}

/** "−12 lb since you started" (a true minus sign), "+3 lb since you started", or no change. */
export function changeText(change: number): string {
  const rounded = Number(change.toFixed(1));
  if (rounded === 0) return 'No change since you started';
  return `${rounded < 0 ? '\u2212' : '+'}${Math.abs(rounded)} lb since you started`;
}

export interface WeightSummary {
  start: WeightEntry;
  latest: WeightEntry;
  /** latest - start, in pounds. */
  change: number;
}

/** Oldest first (the server's order, kept when ties), the first and the latest; null when none. */
export function weightSummary(weights: readonly WeightEntry[]): WeightSummary | null {
  const sorted = oldestFirst(weights);
  const start = sorted[0];
  const latest = sorted[sorted.length - 1];
  if (!start || !latest) return null;
  return { start, latest, change: latest.pounds - start.pounds };
}

export function oldestFirst(weights: readonly WeightEntry[]): WeightEntry[] {
  return weights
    .map((w, i) => ({ w, i }))
    .sort((a, b) => Date.parse(a.w.at) - Date.parse(b.w.at) || a.i - b.i)
    .map(({ w }) => w);
}

/** One line of a sentence that reads the chart: "212 lb on Mar 5, 2026". */
export function weightSentence(
  summary: WeightSummary,
  count: number,
  date: (iso: string) => string,
): string {
  return `${count} weights reported: ${formatPounds(summary.start.pounds)} on ${date(summary.start.at)}, latest ${formatPounds(summary.latest.pounds)} on ${date(summary.latest.at)}, ${changeText(summary.change)}.`;
}

export interface ShipmentStep {
  itemId: string;
  kind: ProgressItem['kind'];
  shippedAt: string;
  deliveredAt: string | null;
}

export const shipmentKindLabels: Record<ProgressItem['kind'], string> = {
  first: 'First shipment',
  refill: 'Refill',
  reship: 'Replacement',
};

/** The shipments of the selected prescription's order (its own, renewals, reships), oldest first. */
export function shipmentsOf(
  selected: ProgressItem,
  items: readonly ProgressItem[],
): ShipmentStep[] {
  return items
    .flatMap((item) =>
      item.id === selected.id && item.shipped_at !== null
        ? [
            {
              itemId: item.item_id,
              kind: item.kind,
              shippedAt: item.shipped_at,
              deliveredAt: item.delivered_at,
            },
          ]
        : [],
    )
    .sort((a, b) => Date.parse(a.shippedAt) - Date.parse(b.shippedAt));
}

export interface DoseStep extends DosageMonth {
  /** The strength as a share of the highest month's (0..1], for the bar. */
  share: number;
}

/** The months of the prescription with each strength's share of the highest. */
export function doseSteps(item: ProgressItem): DoseStep[] {
  const months = dosageProgression(item.prescription_data);
  const highest = Math.max(0, ...months.map((m) => m.strength));
  return months.map((m) => ({ ...m, share: highest > 0 ? m.strength / highest : 0 }));
}
