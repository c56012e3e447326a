import { browserKeys } from './browserStorage';

/** Where the prescription preauthorisations of a payment are kept for the pages after it. */
export const PREAUTHS_KEY = browserKeys.preauths;

export interface StoredPreauth {
  orderId?: unknown;
  product_id?: unknown;
  product_name?: unknown;
}

export function readPreauths(): StoredPreauth[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PREAUTHS_KEY) ?? '[]');
    return Array.isArray(value) ? (value as StoredPreauth[]) : [];
  } catch {
    return [];
  }
}

export function writePreauths(preauths: readonly unknown[]): void {
  try {
    sessionStorage.setItem(PREAUTHS_KEY, JSON.stringify(preauths));
  } catch {
    // storage denied: the portal lists the orders anyway
  }
}
