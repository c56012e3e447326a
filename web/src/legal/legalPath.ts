import type { LegalSlug } from './legalDocs';

/**
 * A legal document's address. Its own module: the documents link to each other with it, and
 * legalDocs.ts, which loads them, must not be imported back by them.
 */
export function legalPath(slug: LegalSlug, section?: string): string {
  return section ? `/legal/${slug}#${section}` : `/legal/${slug}`;
}
