/**
 * The shape of a legal document: data, not markup, so the six documents read as plain text in
 * their modules and one page renders them all the same way (headings, contents, print).
 *
 * Text is plain with two marks: `**bold**` and `[label](href)`, where an href starting with `/`
 * is a page of the app and anything else (https:, mailto:, tel:) a plain link.
 */

/** The date every current document took effect (YYYY-MM-DD). */
export const LEGAL_EFFECTIVE_DATE = '2026-11-24';

export type LegalBlock =
  /** A paragraph. */
  | string
  | { list: readonly string[]; ordered?: boolean }
  | { subheading: string }
  /** Set apart from the text: an emergency line, a boxed warning, a summary. */
  | { callout: readonly string[]; title?: string; tone?: 'info' | 'warning' }
  | { table: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] } }
  /** The privacy request form (CCPA Opt-Out page). */
  | { form: 'privacy-request' };

export interface LegalSection {
  /** The anchor of the section (`#id`), stable so other pages can link to it. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  /** The document's full title, its page heading. */
  title: string;
  effectiveDate: string;
  /** Shown under the title before the sections (a summary, or a notice the law puts first). */
  intro: readonly LegalBlock[];
  sections: readonly LegalSection[];
}

/** Documents with this many sections or more get a table of contents. */
export const CONTENTS_FROM_SECTIONS = 5;

/** Dates as US documents write them; UTC, so the day never shifts with the reader's zone. */
const legalDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-24" as "November 24, 2026", without a time zone to shift the day. */
export function formatLegalDate(isoDate: string): string {
  return legalDateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
