import { Link } from 'react-router-dom';
import { NoticePage } from '../components/NoticePage';
import { usePageTitle } from '../components/usePageTitle';
import { notQualifiedText } from './sorryText';
import '../components/notice-pages.css';

const SORRY = "We're Sorry.";

/**
 * /not-qualified: disqualification page 2 (spec 000, "Disqualification pages"). The spec's
 * refund routine for this page is empty, so Continue only goes to the start page.
 */
export function NotQualifiedPage() {
  usePageTitle("We're Sorry");
  return (
    <NoticePage
      icon="warning"
      variant="sorry"
      title={SORRY}
      actions={
        <Link to="/" className="button">
          Continue
        </Link>
      }
    >
      <p className="sorry__message">{notQualifiedText.slice(SORRY.length).trim()}</p>
    </NoticePage>
  );
}
