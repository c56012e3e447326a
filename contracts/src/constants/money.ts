/** Money is integer cents inside the system; dollars with 2 decimals only at the spec's edges. */
export type Cents = number;

export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}
