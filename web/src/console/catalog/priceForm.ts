/**
 * The price table as its form holds it (dollars as typed, per drug and column) and back to the
 * contract's cents; the server's refusals are mapped to the field they name.
 */
import {
  drugs,
  paymentTerms,
  type Drug,
  type PaymentTerm,
  type PriceTable,
} from '@clinic/contracts';

/** A column of the table: month 1 of the monthly plan, or a term's total. */
export type PriceColumn = 'firstMonth' | PaymentTerm;
export const priceColumns: readonly PriceColumn[] = ['firstMonth', ...paymentTerms];

export type PriceDraft = Record<Drug, Record<PriceColumn, string>> & { antiNausea: string };
export type PriceErrors = Partial<Record<`${Drug}.${PriceColumn}` | 'antiNausea', string>>;

/** One cell of the table, in cents. */
export const cellOf = (table: PriceTable, drug: Drug, column: PriceColumn) =>
  column === 'firstMonth' ? table[drug].firstMonth : table[drug].terms[column];

const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

export function priceDraftOf(table: PriceTable): PriceDraft {
  const perDrug = Object.fromEntries(
    drugs.map((drug) => [
      drug,
      Object.fromEntries(priceColumns.map((c) => [c, dollarsOf(cellOf(table, drug, c))])),
    ]),
  ) as Record<Drug, Record<PriceColumn, string>>;
  return { ...perDrug, antiNausea: dollarsOf(table.antiNausea) };
}

const dollars = /^-?\d+(\.\d{1,2})?$/;

/** The table to send, or the cells to fix first. The server checks everything again. */
export function priceTableOf(
  draft: PriceDraft,
): { table: PriceTable; errors: null } | { table: null; errors: PriceErrors } {
  const errors: PriceErrors = {};
  const centsOf = (typedDollars: string, field: keyof PriceErrors): number => {
    const typed = typedDollars.trim().replace(/^\$/, '');
    if (!dollars.test(typed)) errors[field] = 'Enter dollars, e.g. 249.97.';
    return Math.round(Number(typed) * 100);
  };
  const cents = (drug: Drug, column: PriceColumn) =>
    centsOf(draft[drug][column], `${drug}.${column}`);
  const perDrug = Object.fromEntries(
    drugs.map((drug) => [
      drug,
      {
        firstMonth: cents(drug, 'firstMonth'),
        terms: Object.fromEntries(paymentTerms.map((t) => [t, cents(drug, t)])),
      },
    ]),
  ) as Omit<PriceTable, 'antiNausea'>;
  const table: PriceTable = { ...perDrug, antiNausea: centsOf(draft.antiNausea, 'antiNausea') };
  return Object.keys(errors).length > 0 ? { table: null, errors } : { table, errors: null };
}

/** `value.semaglutide.terms.6` → `semaglutide.6`; unknown fields are dropped. */
export function priceServerErrors(
  fields: readonly { field: string; message: string }[],
): PriceErrors {
  const errors: PriceErrors = {};
  for (const { field, message } of fields) {
    const parts = field.replace(/^value\./, '').split('.');
    if (parts[0] === 'antiNausea') {
      errors.antiNausea ??= message;
      continue;
    }
    const drug = drugs.find((d) => d === parts[0]);
    if (!drug) continue;
    const column =
      parts[1] === 'firstMonth'
        ? 'firstMonth'
        : paymentTerms.find((t) => parts[1] === 'terms' && String(t) === parts[2]);
    if (column !== undefined) errors[`${drug}.${column}`] ??= message;
  }
  return errors;
}
