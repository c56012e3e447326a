import { Link } from 'react-router-dom';
import { SUPPORT_CONTACT } from '../brand';
import { mailtoHref, telHref } from './contactLinks';

/** The care team's email, phone and hours, with a way to chat for patients. */
export function SupportContactCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="card support-card" aria-labelledby="support-contact-title">
      <Heading id="support-contact-title" className="support-card__title">
        Contact our care team
      </Heading>
      <dl className="support-card__list">
        <div>
          <dt>Email</dt>
          <dd>
            <a href={mailtoHref(SUPPORT_CONTACT.email)}>{SUPPORT_CONTACT.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone (toll-free)</dt>
          <dd>
            <a href={telHref(SUPPORT_CONTACT.phone)}>{SUPPORT_CONTACT.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>
            {SUPPORT_CONTACT.hours}
            <span className="support-card__note">Closed on holidays</span>
          </dd>
        </div>
      </dl>
      <p className="support-card__chat">
        Patients can also chat with us and message their Provider from the{' '}
        <Link to="/home">patient portal</Link>.
      </p>
    </section>
  );
}
