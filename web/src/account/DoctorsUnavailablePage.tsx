import { Link } from 'react-router-dom';
import { NoticePage } from '../components/NoticePage';
import { usePageTitle } from '../components/usePageTitle';
import '../components/notice-pages.css';
import './account.css';

export const doctorsUnavailableTitle = 'Our Doctors Are Currently Unavailable';

/** /doctors-unavailable: disqualification page 1 (spec 000, "Disqualification pages"). */
export function DoctorsUnavailablePage() {
  usePageTitle(doctorsUnavailableTitle);
  return (
    <NoticePage
      icon="clock"
      variant="sorry"
      title={doctorsUnavailableTitle}
      actions={
        <Link to="/home" className="button">
          Continue
        </Link>
      }
    >
      <p className="notice__text">
        Our medical team is on call Monday to Friday, 7:00 AM to 7:00 PM PST, excluding holidays.
      </p>
      <p className="notice__text notice__text--strong">
        If you are having a medical emergency, call 911.
      </p>
    </NoticePage>
  );
}
