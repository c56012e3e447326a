import { Link, useSearchParams } from 'react-router-dom';
import { NoticePage } from '../components/NoticePage';
import { usePageTitle } from '../components/usePageTitle';
import { notQualifiedText, sorryBackPath, sorryMessage } from './sorryText';
import '../components/notice-pages.css';

const SORRY = "We're Sorry.";

/**
 * /sorry: disqualification and error landing (spec 000, "Disqualification pages"). Shows the
 * decoded `message` query parameter, else the text for `reason`, else the not-qualified text.
 * A `redirect` parameter (an in-app path) is where "Go Back" returns; without it, /.
 */
export function SorryPage() {
  usePageTitle("We're Sorry");
  const [params] = useSearchParams();
  const message = sorryMessage(params);
  const hasRedirect = params.has('redirect');
  const isDefault = message === notQualifiedText;

  return (
    <NoticePage
      icon="warning"
      variant="sorry"
      title={SORRY}
      actions={
        <>
          {hasRedirect && (
            <Link to={sorryBackPath(params)} className="button button--secondary">
              Go Back
            </Link>
          )}
          <Link to="/" className="button">
            Learn More
          </Link>
        </>
      }
    >
      <p className="sorry__message" data-testid="sorry-message">
        {isDefault ? notQualifiedText.slice(SORRY.length).trim() : message}
      </p>
    </NoticePage>
  );
}
