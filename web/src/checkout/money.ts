import { centsToDollars, type Cents } from '@clinic/contracts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 134982 to "$1,349.82". */
export function formatUsd(cents: Cents): string {
  return usd.format(centsToDollars(cents));
}
