/**
 * The active offer variants (spec 000 section 3, "Offer plans"): an ad link may carry
 * `sema_offer` and `tir_offer` (A, B, C or default). They decide which plan product the plan page
 * puts in the cart, so they are kept for the rest of the browser session; a later page without
 * them keeps the earlier choice, and an unknown value is ignored.
 */
import { offerVariants, type OfferVariant } from '@clinic/contracts';
import { browserKeys } from '../session/browserStorage';

export const OFFERS_KEY = browserKeys.offers;

export interface ActiveOffers {
  sema_offer: OfferVariant;
  tir_offer: OfferVariant;
}

const defaults: ActiveOffers = { sema_offer: 'default', tir_offer: 'default' };
const names = ['sema_offer', 'tir_offer'] as const;

function isVariant(value: unknown): value is OfferVariant {
  return typeof value === 'string' && (offerVariants as readonly string[]).includes(value);
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readActiveOffers(): ActiveOffers {
  try {
    const value = JSON.parse(
      storage()?.getItem(OFFERS_KEY) ?? 'null',
    ) as Partial<ActiveOffers> | null;
    return {
      sema_offer: isVariant(value?.sema_offer) ? value.sema_offer : defaults.sema_offer,
      tir_offer: isVariant(value?.tir_offer) ? value.tir_offer : defaults.tir_offer,
    };
  } catch {
    return { ...defaults };
  }
}

/** Remembers the valid offer parameters of `search`; returns the offers now active. */
export function captureOffers(search: string): ActiveOffers {
  const params = new URLSearchParams(search);
  const offers = readActiveOffers();
  let changed = false;
  for (const name of names) {
    const value = params.get(name);
    if (isVariant(value)) {
      offers[name] = value;
      changed = true;
    }
  }
  if (changed) {
    try {
      storage()?.setItem(OFFERS_KEY, JSON.stringify(offers));
    } catch {
      // storage denied: the default offers apply
    }
  }
  return offers;
}
