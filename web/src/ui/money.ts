import { centsToDollars, dollarsToCents, type Cents } from '@clinic/contracts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 134982 to "$1,349.82". */
export function formatUsd(cents: Cents): string {
  return usd.format(centsToDollars(cents));
}

/** Dollars to "$1,349.82" (2 decimals, spec 001 section 2). */
export function formatDollars(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}
