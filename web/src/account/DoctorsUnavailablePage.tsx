import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import '../pages/pages.css';
import './account.css';

export const doctorsUnavailableTitle = 'Our Doctors Are Currently Unavailable';

/** /doctors-unavailable: disqualification page 1 (spec 000, "Disqualification pages"). */
export function DoctorsUnavailablePage() {
  usePageTitle(doctorsUnavailableTitle);
  return (
    <main className="page page--narrow">
      <section className="card notice" aria-labelledby="unavailable-title">
        <span className="notice__icon" aria-hidden="true">
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
        </span>
        <h1 id="unavailable-title" className="sorry__title">
          {doctorsUnavailableTitle}
        </h1>
        <p className="notice__text">
          Our medical team is on call Monday to Friday, 7:00 AM to 7:00 PM PST, excluding holidays.
        </p>
        <p className="notice__text notice__text--strong">
          If you are having a medical emergency, call 911.
        </p>
        <div className="notice__actions">
          <Link to="/home" className="button">
            Continue
          </Link>
        </div>
      </section>
    </main>
  );
}
