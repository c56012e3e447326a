/** What other features use of the legal pages: the documents' list and links, and their rich text. */
export { legalDocs, legalPath, legalDocBySlug, type LegalDoc, type LegalSlug } from './legalDocs';
export { RichText } from './RichText';
