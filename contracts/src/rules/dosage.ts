/**
 * The portal's Dosage tab rules (spec 002 section 2, "Dosage tab", and section 9, "Portal dosage
 * tab"): the strength labels (S1-S5, T1-T6), what is left out of the month-by-month progression,
 * the dominant drug of an order, the names as shown, and the tab's name.
 *
 * The portal's semaglutide ladder (0.25, 0.5, 1, 1.75, 2.5 mg) differs from the questionnaire's
 * (1.7 and 2.4 at the top); "both readings stand", so 1.7 mg is S4 and 2.4 mg is S5 as well.
 * Strengths are compared with the spec's tolerance of 0.0001 mg.
 */
import type { PrescriptionEntry, ProgressItem } from '../api/portal';
import { drugLabels, type Drug } from '../constants/catalog';
import { formatUsDate } from './dates';
import { sameStrength } from './dose-schedule';
import { supplyOfItem, supplyText } from './supply';

/** The Dosage tab's strengths per drug, in mg, lowest first; label N is the Nth (S1, T1...). */
export const dosageStrengths: Readonly<Record<Drug, readonly number[]>> = {
  semaglutide: [0.25, 0.5, 1, 1.75, 2.5],
  tirzepatide: [2.5, 5, 7.5, 10, 12.5, 15],
};

/** The questionnaire's readings of the same semaglutide steps (1.7 mg is S4, 2.4 mg is S5). */
const semaglutideAliases: readonly (readonly [number, number])[] = [
  [1.7, 4],
  [2.4, 5],
];

const labelLetter: Readonly<Record<Drug, string>> = { semaglutide: 'S', tirzepatide: 'T' };

export const dosageTexts = {
  noPrescription: 'No prescription found',
  month: (n: number) => `Month ${n}`,
} as const;

/** The strength's label on the drug's ladder ('S4', 'T2'), or null when it is not on it. */
export function strengthLabel(drug: Drug, strength: number): string | null {
  let step = dosageStrengths[drug].findIndex((s) => sameStrength(s, strength)) + 1;
  if (step === 0 && drug === 'semaglutide')
    step = semaglutideAliases.find(([mg]) => sameStrength(mg, strength))?.[1] ?? 0;
  return step > 0 ? `${labelLetter[drug]}${step}` : null;
}

/** Ondansetron, cyanocobalamin and B12 are supplies, not steps of the progression (any case). */
export function isExcludedFromProgression(name: string): boolean {
  return /ondansetron|cyanocobalamin|b12/i.test(name);
}

/** The GLP-1 an entry's name speaks of, or null. */
export function drugOfName(name: string): Drug | null {
  if (/semaglutide/i.test(name)) return 'semaglutide';
  if (/tirzepatide/i.test(name)) return 'tirzepatide';
  return null;
}

/** The entries of the progression: not excluded, with a strength. */
function progressionEntries(entries: readonly PrescriptionEntry[]): PrescriptionEntry[] {
  return entries.filter((e) => e.strength !== null && !isExcludedFromProgression(e.name));
}

/**
 * The order's drug: the one most of its progression entries name; a tie (none included) goes to
 * semaglutide.
 */
export function dominantDrug(entries: readonly PrescriptionEntry[]): Drug {
  let sema = 0;
  let tirz = 0;
  for (const entry of progressionEntries(entries)) {
    const drug = drugOfName(entry.name);
    if (drug === 'semaglutide') sema += 1;
    else if (drug === 'tirzepatide') tirz += 1;
  }
  return tirz > sema ? 'tirzepatide' : 'semaglutide';
}

/** A name as shown: size tokens (T1-T6, S1-S5, S3, T2...) and the spaces they leave removed. */
export function dosageDisplayName(name: string): string {
  return name
    .replace(/\b[ST][1-6](\s*[-–]\s*[ST]?[1-6])?\b/g, '')
    .replace(/\(\s*\)/g, '')
    .replace(/\s+([,)])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/[\s,\-–]+$/, '')
    .trim();
}

/** An item as the tab names it: without size tokens, and without the prescription's vials. */
function itemName(name: string): string {
  return supplyOfItem(dosageDisplayName(name) || name).name;
}

export interface DosageMonth {
  month: number;
  /** 'Month 2' */
  title: string;
  /** mg */
  strength: number;
  /** 'S2', 'T3', or null for a strength off the ladder. */
  label: string | null;
  drug: Drug;
  name: string;
}

/**
 * The progression: the entries of the drug's months sorted by strength, one row per month. An
 * entry's `month` places it when it has one; the others take the months in strength order.
 */
export function dosageProgression(entries: readonly PrescriptionEntry[]): DosageMonth[] {
  const dominant = dominantDrug(entries);
  const sorted = progressionEntries(entries)
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        (a.entry.strength ?? 0) - (b.entry.strength ?? 0) ||
        (a.entry.month ?? Infinity) - (b.entry.month ?? Infinity) ||
        a.index - b.index,
    );
  const byMonth = new Map<number, DosageMonth>();
  sorted.forEach(({ entry }, position) => {
    const month = entry.month ?? position + 1;
    if (byMonth.has(month)) return;
    const drug = drugOfName(entry.name) ?? dominant;
    const strength = entry.strength ?? 0;
    byMonth.set(month, {
      month,
      title: dosageTexts.month(month),
      strength,
      label: strengthLabel(drug, strength),
      drug,
      name: itemName(entry.name),
    });
  });
  return [...byMonth.values()].sort((a, b) => a.month - b.month);
}

/** "0.25 mg", "1.75 mg", "10 mg" */
export function formatDoseMg(strength: number): string {
  return `${Number(strength.toFixed(4))} mg`;
}

export interface SupplyLine {
  name: string;
  /**
   * How much, in the words the pharmacy uses too: "6 vials: 3 every 90 days" for a GLP-1 whose
   * name carries the prescription's vials, "× 2" for an item listed twice, else null. The months
   * of the schedule are entries too, but of strengths: they never count as a quantity.
   */
  quantity: string | null;
}

export interface DosageSupply {
  /** The GLP-1 itself, by name as shown. */
  medication: SupplyLine[];
  /** What comes with it and is not a step (ondansetron tablets, B12). */
  supporting: SupplyLine[];
  /** Each item's directions, once per distinct text. */
  directions: { name: string; directions: string }[];
}

/** The GLP-1's lines: one per item (its months are one line), with the prescription's vials. */
function medicationLines(entries: readonly PrescriptionEntry[]): SupplyLine[] {
  const lines = new Map<string, SupplyLine>();
  for (const entry of entries) {
    const item = supplyOfItem(dosageDisplayName(entry.name) || entry.name);
    if (!lines.has(item.name))
      lines.set(item.name, {
        name: item.name,
        quantity: item.vials === null ? null : supplyText(item.vials),
      });
  }
  return [...lines.values()];
}

/** What comes with it: one line per name, "× 2" when an item is listed twice. */
function supportingLines(entries: readonly PrescriptionEntry[]): SupplyLine[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const name = dosageDisplayName(entry.name) || entry.name;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, quantity: count > 1 ? `× ${count}` : null }));
}

/** The supply list and directions of a prescription. */
export function dosageSupply(entries: readonly PrescriptionEntry[]): DosageSupply {
  const supporting = entries.filter((e) => isExcludedFromProgression(e.name));
  const medication = entries.filter((e) => !isExcludedFromProgression(e.name));
  const seen = new Set<string>();
  const directions: DosageSupply['directions'] = [];
  for (const entry of [...medication, ...supporting]) {
    const text = entry.directions.trim();
    const name = itemName(entry.name);
    const key = `${name}\n${text}`;
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    directions.push({ name, directions: text });
  }
  return {
    medication: medicationLines(medication),
    supporting: supportingLines(supporting),
    directions,
  };
}

/** The tab's name, 'Drug (date)': the order's drug and the day it was made (US format). */
export function dosageTabName(
  item: Pick<ProgressItem, 'prescription_data' | 'created_at'>,
  timeZone?: string,
): string {
  return `${drugLabels[dominantDrug(item.prescription_data)]} (${formatUsDate(item.created_at, timeZone)})`;
}

/** The orders the Dosage tab has a sub-tab for: those with prescription data. */
export function ordersWithPrescriptions<T extends Pick<ProgressItem, 'prescription_data'>>(
  items: readonly T[],
): T[] {
  return items.filter((item) => item.prescription_data.length > 0);
}
