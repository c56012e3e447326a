/**
 * The form loader's saved state (spec 002 section 3, "Saved loader state"; section 4, "Form
 * loader"): what the loader learnt from the order, kept in localStorage so that a reload of the
 * same form within 24 hours shows it without asking again. Anything else (another form id, older
 * than 24 hours, unreadable) is cleared and the order is fetched afresh.
 */
import { drugs, type Drug, type FormsOrder } from '@clinic/contracts';
import { medicalFormKeyPrefix } from '../session/browserStorage';

export const LOADER_STATE_KEY = `${medicalFormKeyPrefix}loader`;
export const LOADER_STATE_VERSION = '1.0';
/** Spec 002 section 9: loader state is valid 24 hours. */
export const LOADER_STATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FormNumber = 1 | 2 | 3;

export interface LoaderState {
  /** The form shown: 1 medical integration, 2 bare medication, 3 refill. */
  activeFrm: FormNumber;
  /** The drug ordered. */
  productName: Drug;
  /** The strength of the current prescription (refill form), or null. */
  currentDose: number | null;
  /** The patient's state (two-letter code). */
  userState: string;
  product_id: number;
  /** The order id of the route. */
  formId: string;
  savedAt: number;
  version: string;
  /** Beyond the spec's fields, what the questionnaire needs from the order. */
  gender: FormsOrder['gender'];
  paymentTerms: number;
}

export function loaderStateOf(formId: string, order: FormsOrder, now: number): LoaderState {
  return {
    activeFrm: order.form,
    productName: order.drug,
    currentDose: order.currentDose,
    userState: order.state,
    product_id: order.order.product_id,
    formId,
    savedAt: now,
    version: LOADER_STATE_VERSION,
    gender: order.gender,
    paymentTerms: order.paymentTerms,
  };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isLoaderState(value: unknown): value is LoaderState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.activeFrm === 1 || v.activeFrm === 2 || v.activeFrm === 3) &&
    typeof v.productName === 'string' &&
    (drugs as readonly string[]).includes(v.productName) &&
    (v.currentDose === null || typeof v.currentDose === 'number') &&
    typeof v.userState === 'string' &&
    typeof v.product_id === 'number' &&
    typeof v.formId === 'string' &&
    typeof v.savedAt === 'number' &&
    v.version === LOADER_STATE_VERSION &&
    (v.gender === null || v.gender === 'Male' || v.gender === 'Female') &&
    typeof v.paymentTerms === 'number'
  );
}

export function saveLoaderState(state: LoaderState): void {
  try {
    storage()?.setItem(LOADER_STATE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or denied: the loader simply asks again next time.
  }
}

export function clearLoaderState(): void {
  try {
    storage()?.removeItem(LOADER_STATE_KEY);
  } catch {
    // nothing to clear
  }
}

/** The saved state of `formId` when it is valid and at most 24 hours old; else cleared, null. */
export function readLoaderState(formId: string, now: number): LoaderState | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(LOADER_STATE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = null;
  }
  const fresh =
    isLoaderState(value) &&
    value.formId === formId &&
    now - value.savedAt >= 0 &&
    now - value.savedAt <= LOADER_STATE_MAX_AGE_MS;
  if (!fresh) {
    clearLoaderState();
    return null;
  }
  return value as LoaderState;
}
