import { Link } from 'react-router-dom';
import { COMPANY } from '../brand';
import { ChatBubble } from '../chat';
import { usePageTitle } from '../components/usePageTitle';
import { legalPath } from '../legal';
import { faq } from './faq';
import { SupportContactCard } from './SupportContactCard';
import './support.css';

const expectations = [
  {
    title: 'Chat with our care team',
    text: 'Replies in minutes during staffed hours, about orders, shipping, billing and your account.',
  },
  {
    title: 'Message your Provider',
    text: 'Medical questions go to your Provider through Doctor on Demand in your portal. Replies come within 24 hours, and we text you when one arrives.',
  },
  {
    title: 'Email and phone',
    text: 'Answered during our hours. Please have your order email address ready so we can find your account.',
  },
];

const tasks = [
  { label: 'Update your card, pay a past-due plan or cancel', to: '/home' },
  { label: 'Report a damaged or missing item', to: '/replacement-request' },
  { label: 'Refunds and returns', to: legalPath('returns-refund-policy') },
  { label: 'Make a privacy request', to: legalPath('ccpa-opt-out') },
];

/** The questions the support page shows first; the rest are on /faq. */
const topQuestions = ['not-approved', 'shipping', 'side-effects', 'cancelling'];

/**
 * /support: how to reach the clinic, what to expect, and where common tasks are done; the chat
 * bubble lets a visitor (or a patient) write to the care team from here.
 */
export function SupportPage() {
  usePageTitle('Help and support');
  return (
    <main className="page support" data-page="support">
      <header className="support__head">
        <h1>Help and support</h1>
        <p className="support__lead">
          Questions about your order, your plan or your treatment? Our care team and your Provider
          are here for you.
        </p>
      </header>

      <aside className="support-emergency" aria-label="Emergencies">
        <p>
          <strong>In a medical emergency, call 911</strong> or go to the nearest emergency room. Do
          not wait for a reply from us. If you have thoughts of harming yourself, call or text{' '}
          <a href="tel:988">988</a>.
        </p>
      </aside>

      <div className="support__grid">
        <SupportContactCard />

        <section className="support__section" aria-labelledby="support-expect-title">
          <h2 id="support-expect-title">What to expect</h2>
          <ul className="support-expect">
            {expectations.map((item) => (
              <li key={item.title}>
                <p className="support-expect__title">{item.title}</p>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="support__section" aria-labelledby="support-tasks-title">
        <h2 id="support-tasks-title">Do it yourself</h2>
        <ul className="support-links">
          {tasks.map((task) => (
            <li key={task.label}>
              <Link to={task.to}>{task.label}</Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="support__section" aria-labelledby="support-faq-title">
        <h2 id="support-faq-title">Common questions</h2>
        <ul className="support-links">
          {faq
            .filter((entry) => topQuestions.includes(entry.id))
            .map((entry) => (
              <li key={entry.id}>
                <Link to={`/faq#${entry.id}`}>{entry.question}</Link>
              </li>
            ))}
        </ul>
        <Link to="/faq" className="button button--secondary support__all-faq">
          See all questions
        </Link>
      </section>

      <section className="support__section support__mail" aria-labelledby="support-mail-title">
        <h2 id="support-mail-title">Write to us</h2>
        <address>
          {COMPANY.legalName}
          {COMPANY.addressLines.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </address>
      </section>
      <ChatBubble />
    </main>
  );
}
