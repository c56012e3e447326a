/** The legal documents linked from the footer (spec 000, "Global elements"), by URL slug. */
export const legalDocs = [
  { slug: 'hipaa-notice', title: 'HIPAA Notice' },
  { slug: 'privacy-policy', title: 'Privacy Policy' },
  { slug: 'returns-refund-policy', title: 'Returns & Refund Policy' },
  { slug: 'terms-of-use', title: 'Terms Of Use' },
  { slug: 'ccpa-opt-out', title: 'CCPA Opt-Out' },
  { slug: 'telehealth-consent', title: 'TeleHealth Consent' },
] as const;

export type LegalDoc = (typeof legalDocs)[number];

export function legalDocBySlug(slug: string | undefined): LegalDoc | undefined {
  return legalDocs.find((doc) => doc.slug === slug);
}

export function legalPath(slug: LegalDoc['slug']): string {
  return `/legal/${slug}`;
}
