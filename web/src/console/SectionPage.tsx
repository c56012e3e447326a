import type { ConsoleSection } from '@clinic/contracts';
import { usePageTitle } from '../components/usePageTitle';
import { ConsoleIcon } from './ConsoleIcon';
import { sectionCopy } from './sections';

/**
 * /console/<section>: one section of the staff member's work. Until its issue builds it, the page
 * says what it is for and what will arrive there.
 */
export function SectionPage({ section }: { section: ConsoleSection }) {
  usePageTitle(`${section.label} · Staff console`);
  const copy = sectionCopy[section.key];

  return (
    <main className="console-page" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
      </header>
      <section className="console-empty" aria-labelledby="console-empty-title">
        <span className="console-empty__icon" aria-hidden="true">
          <ConsoleIcon name={copy.icon} size={28} />
        </span>
        <h2 id="console-empty-title" className="console-empty__title">
          {copy.emptyTitle}
        </h2>
        <p className="console-empty__text">{copy.empty}</p>
        <p className="console-empty__soon">Coming soon</p>
      </section>
    </main>
  );
}
