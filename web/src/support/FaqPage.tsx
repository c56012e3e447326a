import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { RichText } from '../legal';
import { useStateRules } from '../api/useStateRules';
import { faqFor, type FaqEntry } from './faq';
import { SupportContactCard } from './SupportContactCard';
import './support.css';

function Answer({ entry }: { entry: FaqEntry }) {
  return (
    <div className="faq__answer">
      {entry.answer.map((part, i) =>
        typeof part === 'string' ? (
          <p key={i}>
            <RichText text={part} />
          </p>
        ) : (
          <ul key={i}>
            {part.list.map((item) => (
              <li key={item}>
                <RichText text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

/** /faq: the common questions, each folded until opened; a link to one (#id) opens it. */
export function FaqPage() {
  usePageTitle('Frequently asked questions');
  const { hash } = useLocation();
  const faq = faqFor(useStateRules());

  useEffect(() => {
    const target =
      hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!(target instanceof HTMLDetailsElement)) return;
    target.open = true;
    target.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  return (
    <main className="page support faq" data-page="faq">
      <header className="support__head">
        <h1>Frequently asked questions</h1>
        <p className="support__lead">
          Quick answers about eligibility, your treatment, shipping and billing. For anything about
          your own health, message your Provider from your portal.
        </p>
      </header>

      <div className="faq__list">
        {faq.map((entry) => (
          <details key={entry.id} id={entry.id} className="faq__item">
            <summary>{entry.question}</summary>
            <Answer entry={entry} />
          </details>
        ))}
      </div>

      <div className="faq__more">
        <SupportContactCard />
        <p>
          More help: <Link to="/support">Help and support</Link>. In a medical emergency, call 911.
        </p>
      </div>
    </main>
  );
}
