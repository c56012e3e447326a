/**
 * The prescription's items as the confirmation page shows them (spec 002 section 5): ondansetron
 * items are left out, and the size tokens of the pharmacy's names (T1-T6, S1-S5) are removed from
 * the names shown. Each item gets the product image the billing tab uses for its medication.
 */
import type { Drug } from '@clinic/contracts';
import type { PrescriptionItem } from './prescriptionApi';

const sizeToken = /\b(?:T[1-6]|S[1-5])\b/gi;

/** "Tirzepatide T3 injection" -> "Tirzepatide injection"; "Semaglutide (S2)" -> "Semaglutide". */
export function cleanName(name: string): string {
  return name
    .replace(sizeToken, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    .replace(/\s+([,;:)\]])/g, '$1')
    .replace(/([([])\s+/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;:/-]+|[\s,;:/-]+$/g, '')
    .replace(/\s+-\s+-\s+/g, ' - ')
    .trim();
}

export const isOndansetron = (item: Pick<PrescriptionItem, 'name'>) =>
  /ondansetron/i.test(item.name);

/** The items shown: no ondansetron, names cleaned. */
export function shownItems(items: readonly PrescriptionItem[]): PrescriptionItem[] {
  return items
    .filter((item) => !isOndansetron(item))
    .map((item) => ({ ...item, name: cleanName(item.name) }));
}

/** The GLP-1 a prescription is for, read from its items' names, or null. */
export function drugOfItems(items: readonly Pick<PrescriptionItem, 'name'>[]): Drug | null {
  for (const { name } of items) {
    if (/tirzepatide/i.test(name)) return 'tirzepatide';
    if (/semaglutide/i.test(name)) return 'semaglutide';
  }
  return null;
}

/** The product image of an item, by its medication (the billing tab's images in /products). */
export function imageOfItem(name: string): string {
  if (/semaglutide/i.test(name)) return '/products/semaglutide.svg';
  if (/tirzepatide/i.test(name)) return '/products/tirzepatide.svg';
  return '/products/medication.svg';
}
