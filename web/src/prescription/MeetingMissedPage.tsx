import { Link } from 'react-router-dom';
import { SUPPORT_CONTACT } from '../brand';
import { NoticePage } from '../components/NoticePage';
import { usePageTitle } from '../components/usePageTitle';
import { mailtoHref, telHref } from '../support';
import '../components/notice-pages.css';

export const meetingMissedTexts = {
  title: 'You missed your appointment',
  why: 'Before your clinician can prescribe, they need a short video visit with you. It only takes a few minutes.',
  next: 'Contact our care team and we will find a new time that works for you.',
} as const;

const rebookSubject = 'Please help me rebook my visit';

/** /meeting-missed: the patient missed the visit the clinician asked for; help them rebook. */
export function MeetingMissedPage() {
  usePageTitle(meetingMissedTexts.title);
  return (
    <NoticePage
      icon="clock"
      title={meetingMissedTexts.title}
      mainProps={{ 'data-page': 'meeting-missed' }}
      actions={
        <>
          <a
            href={`${mailtoHref(SUPPORT_CONTACT.email)}?subject=${encodeURIComponent(rebookSubject)}`}
            className="button"
          >
            Contact support to rebook
          </a>
          <Link to="/home" className="button button--secondary">
            Back to home
          </Link>
        </>
      }
    >
      <p className="notice__text">{meetingMissedTexts.why}</p>
      <p className="notice__text">{meetingMissedTexts.next}</p>
      <p className="notice__text">
        Or call us at <a href={telHref(SUPPORT_CONTACT.phone)}>{SUPPORT_CONTACT.phone}</a>,{' '}
        {SUPPORT_CONTACT.hours}.
      </p>
    </NoticePage>
  );
}
