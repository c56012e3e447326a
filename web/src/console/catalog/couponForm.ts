/**
 * A coupon as its form holds it (text of each field) and back: what the admin typed becomes the
 * contract's CouponInput, or says in place which field is wrong. Money is typed in dollars and
 * sent in cents; moments are typed in the admin's own time zone and sent as ISO instants.
 */
import {
  paymentTerms,
  type CouponInput,
  type CouponView,
  type PaymentTerm,
} from '@clinic/contracts';

export interface CouponDraft {
  code: string;
  /** Dollars, e.g. "25" or "25.50". */
  amount: string;
  /** The terms it applies to; none ticked: every term. */
  terms: PaymentTerm[];
  /** `datetime-local` values, '' for none. */
  starts: string;
  expires: string;
  maxUses: string;
  maxUsesPerPatient: string;
  active: boolean;
}

export type DraftField = Exclude<keyof CouponDraft, 'active'>;
export type DraftErrors = Partial<Record<DraftField, string>>;

export const emptyDraft: CouponDraft = {
  code: '',
  amount: '',
  terms: [],
  starts: '',
  expires: '',
  maxUses: '',
  maxUsesPerPatient: '',
  active: true,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function draftOf(coupon: CouponView): CouponDraft {
  return {
    code: coupon.code,
    amount: (coupon.amountCents / 100).toFixed(2),
    terms: coupon.paymentTerms ? [...coupon.paymentTerms] : [],
    starts: toLocalInput(coupon.startsAt),
    expires: toLocalInput(coupon.expiresAt),
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    maxUsesPerPatient: coupon.maxUsesPerPatient === null ? '' : String(coupon.maxUsesPerPatient),
    active: coupon.active,
  };
}

const capText = 'A whole number, or leave it empty for no limit.';

function cap(value: string): number | null | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** The input to send, or the fields to fix first. The server checks everything again. */
export function inputOf(
  draft: CouponDraft,
): { input: CouponInput; errors: null } | { input: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const amount = draft.amount.trim().replace(/^\$/, '');
  // A sign is kept: the server says why a negative discount is refused.
  if (!/^-?\d+(\.\d{1,2})?$/.test(amount))
    errors.amount = 'Enter the discount in dollars, e.g. 25 or 25.50.';
  const maxUses = cap(draft.maxUses);
  if (maxUses === undefined) errors.maxUses = capText;
  const maxUsesPerPatient = cap(draft.maxUsesPerPatient);
  if (maxUsesPerPatient === undefined) errors.maxUsesPerPatient = capText;
  const starts = draft.starts ? new Date(draft.starts) : null;
  const expires = draft.expires ? new Date(draft.expires) : null;
  if (starts && Number.isNaN(starts.getTime())) errors.starts = 'Enter a date and time.';
  if (expires && Number.isNaN(expires.getTime())) errors.expires = 'Enter a date and time.';
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    errors: null,
    input: {
      code: draft.code.trim(),
      amountCents: Math.round(Number(amount) * 100),
      paymentTerms:
        draft.terms.length === 0 ? null : paymentTerms.filter((t) => draft.terms.includes(t)),
      startsAt: starts ? starts.toISOString() : null,
      expiresAt: expires ? expires.toISOString() : null,
      maxUses: maxUses ?? null,
      maxUsesPerPatient: maxUsesPerPatient ?? null,
      active: draft.active,
    },
  };
}

/** The form's field for a field the server names (`amountCents`, or `coupon.amountCents`). */
const fieldOfInput: Record<string, DraftField> = {
  code: 'code',
  amountCents: 'amount',
  paymentTerms: 'terms',
  startsAt: 'starts',
  expiresAt: 'expires',
  maxUses: 'maxUses',
  maxUsesPerPatient: 'maxUsesPerPatient',
};

/** The server's refusals per field, for the form to show under each; unknown ones are dropped. */
export function serverErrors(fields: readonly { field: string; message: string }[]): DraftErrors {
  const errors: DraftErrors = {};
  for (const { field, message } of fields) {
    const [first, second] = field.replace(/^(body\.)?coupon\./, '').split('.');
    const key = fieldOfInput[first ?? ''] ?? (second ? fieldOfInput[second] : undefined);
    if (key && !errors[key]) errors[key] = message;
  }
  return errors;
}
