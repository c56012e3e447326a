/** How a coupon's facts read in the console's list and history. */
import { paymentTermLabels, type CouponInput } from '@clinic/contracts';
import { formatUsd } from '../../ui/money';

const when = (iso: string | null, none: string) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : none;

const limit = (n: number | null) => (n === null ? 'no limit' : String(n));

/** Each field of a coupon as a short text. */
export function couponFacts(c: CouponInput): Record<keyof CouponInput, string> {
  return {
    code: c.code,
    amountCents: formatUsd(c.amountCents),
    paymentTerms: c.paymentTerms
      ? c.paymentTerms.map((t) => paymentTermLabels[t].name).join(', ')
      : 'Every plan',
    startsAt: when(c.startsAt, 'at once'),
    expiresAt: when(c.expiresAt, 'never'),
    maxUses: limit(c.maxUses),
    maxUsesPerPatient: limit(c.maxUsesPerPatient),
    active: c.active ? 'yes' : 'no',
  };
}
