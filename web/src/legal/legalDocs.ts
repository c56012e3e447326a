import type { PriceTable, StateRules } from '@clinic/contracts';
import type { LegalDocument } from './document';

export { legalPath } from './legalPath';

/** What a document may quote that an admin changes: the per-state rules and the prices in force. */
export interface LegalContext {
  rules: StateRules;
  prices: PriceTable;
}

/** A document's text, or, for one that quotes the rules or prices, its text under those in force. */
export type DocumentModule = {
  default: LegalDocument | ((context: LegalContext) => LegalDocument);
};

/**
 * The legal documents linked from the footer (spec 000, "Global elements"), by URL slug, with the
 * footer's label. Each document's text is its own module, loaded only when its page opens: the
 * quiz at / never downloads them.
 */
export const legalDocs = [
  {
    slug: 'hipaa-notice',
    title: 'HIPAA Notice',
    load: (): Promise<DocumentModule> => import('./documents/hipaa-notice'),
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    load: (): Promise<DocumentModule> => import('./documents/privacy-policy'),
  },
  {
    slug: 'returns-refund-policy',
    title: 'Returns & Refund Policy',
    load: (): Promise<DocumentModule> => import('./documents/returns-refund-policy'),
  },
  {
    slug: 'terms-of-use',
    title: 'Terms Of Use',
    load: (): Promise<DocumentModule> => import('./documents/terms-of-use'),
  },
  {
    slug: 'ccpa-opt-out',
    title: 'CCPA Opt-Out',
    load: (): Promise<DocumentModule> => import('./documents/ccpa-opt-out'),
  },
  {
    slug: 'telehealth-consent',
    title: 'TeleHealth Consent',
    load: (): Promise<DocumentModule> => import('./documents/telehealth-consent'),
  },
] as const;

export type LegalDoc = (typeof legalDocs)[number];
export type LegalSlug = LegalDoc['slug'];

export function legalDocBySlug(slug: string | undefined): LegalDoc | undefined {
  return legalDocs.find((doc) => doc.slug === slug);
}
