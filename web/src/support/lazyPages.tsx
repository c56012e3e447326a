import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { LoadBoundary } from '../components/LoadBoundary';

/**
 * A page downloaded when first opened, so the quiz at / does not carry the help pages' text. A
 * lazy component remembers a failed download, so each retry of the boundary gets a fresh one.
 */
function onDemand(load: () => Promise<ComponentType>) {
  const attempts = new Map<number, LazyExoticComponent<ComponentType>>();
  return (attempt: number) => {
    let page = attempts.get(attempt);
    if (!page) {
      page = lazy(() => load().then((component) => ({ default: component })));
      attempts.set(attempt, page);
    }
    return page;
  };
}

const supportPage = onDemand(() => import('./SupportPage').then((m) => m.SupportPage));
const faqPage = onDemand(() => import('./FaqPage').then((m) => m.FaqPage));

/** /support (routes.tsx). */
export function SupportRoute() {
  return (
    <LoadBoundary what="help and support">
      {(attempt) => {
        const Page = supportPage(attempt);
        return <Page />;
      }}
    </LoadBoundary>
  );
}

/** /faq (routes.tsx). */
export function FaqRoute() {
  return (
    <LoadBoundary what="the questions">
      {(attempt) => {
        const Page = faqPage(attempt);
        return <Page />;
      }}
    </LoadBoundary>
  );
}
