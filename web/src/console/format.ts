/** How every console page writes a time and a strength. */
import { formatUsDateTime } from '@clinic/contracts';

/** "Nov 24, 2026, 3:05 PM" in the reader's time zone (the day as every list writes it). */
export function when(iso: string | null): string {
  return iso ? formatUsDateTime(iso) : '—';
}

export const mg = (strength: number) => `${strength} mg`;
