import { useEffect, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { BRAND_NAME } from '../brand';
import {
  CONTENTS_FROM_SECTIONS,
  formatLegalDate,
  type LegalBlock,
  type LegalDocument,
  type LegalSection,
} from './document';
import { legalDocs, legalPath, type LegalSlug } from './legalDocs';
import { PrivacyRequestForm } from './PrivacyRequestForm';
import { RichText } from './RichText';
import './legal.css';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string')
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  if ('list' in block) {
    const items = block.list.map((item) => (
      <li key={item}>
        <RichText text={item} />
      </li>
    ));
    return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
  }
  if ('subheading' in block) return <h3>{block.subheading}</h3>;
  if ('callout' in block)
    return (
      <aside className={`legal-callout legal-callout--${block.tone ?? 'info'}`}>
        {block.title && <p className="legal-callout__title">{block.title}</p>}
        {block.callout.map((text) => (
          <p key={text}>
            <RichText text={text} />
          </p>
        ))}
      </aside>
    );
  if ('table' in block) {
    const { caption, head, rows } = block.table;
    return (
      <div className="legal-table" role="region" aria-label={caption} tabIndex={0}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, i) => (
                  // On a phone each row stacks, labelled by its column (legal.css).
                  <td key={i} data-label={head[i]}>
                    <RichText text={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return <PrivacyRequestForm />;
}

const sectionTitleId = (section: LegalSection) => `${section.id}-title`;

/** Scrolls to a section and moves focus to its heading, without a router navigation. */
function goToSection(id: string, smooth: boolean): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView?.({ behavior: smooth && !reduced ? 'smooth' : 'auto', block: 'start' });
  document.getElementById(`${id}-title`)?.focus({ preventScroll: true });
  return true;
}

const wide = () => window.matchMedia?.('(min-width: 1024px)').matches ?? false;

function Contents({ sections }: { sections: readonly LegalSection[] }) {
  // Open beside the text on wide screens; folded above it on phones, where it would fill a screen.
  const [open, setOpen] = useState(wide);

  function follow(event: MouseEvent<HTMLAnchorElement>, id: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // Fold the contents first on phones: folding after the scroll would pull the text up.
    if (!wide()) flushSync(() => setOpen(false));
    if (!goToSection(id, true)) return;
    // The address says where the reader is (shareable), keeping the router's own history state
    // so this is not a navigation (which would scroll back to the top).
    window.history.replaceState(window.history.state, '', `#${id}`);
  }

  return (
    <details
      className="legal__contents"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Contents</summary>
      <nav aria-label="Contents">
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} onClick={(event) => follow(event, section.id)}>
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </details>
  );
}

interface Props {
  slug: LegalSlug;
  document: LegalDocument;
}

/** One legal document: title, effective date, contents (long ones), sections, other policies. */
export function LegalDocumentView({ slug, document: doc }: Props) {
  const { hash } = useLocation();
  const withContents = doc.sections.length >= CONTENTS_FROM_SECTIONS;

  // A link to one section (/legal/privacy-policy#cookies) lands on it once the text is here.
  useEffect(() => {
    if (hash.length > 1) goToSection(decodeURIComponent(hash.slice(1)), false);
  }, [hash]);

  return (
    <main className="page legal" data-legal-doc={slug}>
      <header className="legal__head">
        <p className="legal__eyebrow">{BRAND_NAME} legal</p>
        <h1 id="legal-title">{doc.title}</h1>
        <p className="legal__meta">
          Effective <time dateTime={doc.effectiveDate}>{formatLegalDate(doc.effectiveDate)}</time>
        </p>
        <button
          type="button"
          className="button button--secondary button--small legal__print"
          onClick={() => window.print()}
        >
          Print or save as PDF
        </button>
      </header>

      <div className={withContents ? 'legal__body legal__body--with-contents' : 'legal__body'}>
        {withContents && <Contents sections={doc.sections} />}
        <article className="legal__text" aria-labelledby="legal-title">
          {doc.intro.length > 0 && (
            <div className="legal__intro">
              {doc.intro.map((block, i) => (
                <Block key={i} block={block} />
              ))}
            </div>
          )}
          {doc.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className="legal__section"
              aria-labelledby={sectionTitleId(section)}
            >
              <h2 id={sectionTitleId(section)} tabIndex={-1}>
                {section.heading}
              </h2>
              {section.blocks.map((block, i) => (
                <Block key={i} block={block} />
              ))}
            </section>
          ))}
        </article>
      </div>

      <nav className="legal__others" aria-label="Other policies">
        <p className="legal__others-title">Other policies</p>
        <ul>
          {legalDocs
            .filter((other) => other.slug !== slug)
            .map((other) => (
              <li key={other.slug}>
                <Link to={legalPath(other.slug)}>{other.title}</Link>
              </li>
            ))}
          <li>
            <Link to="/support">Help and support</Link>
          </li>
        </ul>
      </nav>
    </main>
  );
}
