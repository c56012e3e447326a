import { Link, Navigate, useParams } from 'react-router-dom';
import { BRAND_NAME } from '../brand';
import { usePageTitle } from '../components/usePageTitle';
import { legalDocBySlug } from '../legal/legalDocs';
import './pages.css';

/** /legal/:slug: a short page per footer legal link; unknown slugs go to / like unknown paths. */
export function LegalPage() {
  const { slug } = useParams();
  const doc = legalDocBySlug(slug);
  usePageTitle(doc?.title);
  if (!doc) return <Navigate to="/" replace />;
  return (
    <main className="page page--narrow document">
      <h1>{doc.title}</h1>
      <p className="document__meta">{BRAND_NAME}</p>
      <p>The full document is available from the clinic on request.</p>
      <Link to="/" className="document__back">
        Back to the start page
      </Link>
    </main>
  );
}
