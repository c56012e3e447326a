import { use, type ComponentType } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { LoadBoundary } from '../components/LoadBoundary';
import { usePageTitle } from '../components/usePageTitle';
import type { LegalDocument } from './document';
import { legalDocBySlug, type LegalDoc, type LegalSlug } from './legalDocs';

interface ViewProps {
  slug: LegalSlug;
  document: LegalDocument;
}

interface Loaded {
  View: ComponentType<ViewProps>;
  document: LegalDocument;
}

/** The rules and prices in force, with their contracts, for a document that quotes them. */
async function inForce() {
  const [rules, prices] = await Promise.all([
    import('../api/stateRules').then((m) => m.fetchStateRules()),
    import('../api/priceTable').then((m) => m.fetchPriceTable()),
  ]);
  return { rules, prices };
}

// One download per document and visit: `use()` needs the same promise on every render.
const loaded = new Map<LegalSlug, Promise<Loaded>>();

/** The page's renderer and the document's text, fetched together (neither is in the quiz's bundle). */
function load(doc: LegalDoc): Promise<Loaded> {
  let promise = loaded.get(doc.slug);
  if (!promise) {
    promise = Promise.all([import('./LegalDocumentView'), doc.load()]).then(
      async ([view, text]) => ({
        View: view.LegalDocumentView,
        // A document quoting the per-state rules or the prices is written under those in force.
        document: typeof text.default === 'function' ? text.default(await inForce()) : text.default,
      }),
    );
    // A failed download (offline) is tried again next time rather than remembered.
    promise.catch(() => loaded.delete(doc.slug));
    loaded.set(doc.slug, promise);
  }
  return promise;
}

function LoadedDocument({ doc }: { doc: LegalDoc }) {
  const { View, document } = use(load(doc));
  usePageTitle(document.title);
  return <View slug={doc.slug} document={document} />;
}

/**
 * /legal/:slug: the footer's legal documents (spec 000, "Global elements"); unknown slugs go to /
 * like unknown paths.
 */
export function LegalPage() {
  const { slug } = useParams();
  const doc = legalDocBySlug(slug);
  if (!doc) return <Navigate to="/" replace />;
  return (
    <LoadBoundary what={`the ${doc.title}`}>
      {(attempt) => <LoadedDocument key={`${doc.slug}-${attempt}`} doc={doc} />}
    </LoadBoundary>
  );
}
