import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../brand';
import { homeOf } from '../session/audience';
import { useSession } from '../session/session';
import { Wordmark } from './Logo';
import './Header.css';

/**
 * The header of the public pages and the patient portal. The brand leads a logged-in visitor to
 * their own start: the portal for a patient, the console for staff (who get no portal links).
 */
/** Log Out's code (its route's contract): fetched for a logged-in visitor, not on every first page. */
const loadLogOut = () => import('../session/logOut');

export function Header() {
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  const loggedIn = session !== null;

  useEffect(() => {
    if (loggedIn) void loadLogOut().catch(() => undefined); // ready before the click
  }, [loggedIn]);

  function onLogOut() {
    setLeaving(true);
    void loadLogOut().then(
      ({ logOut }) => logOut(),
      () => setLeaving(false), // its code did not arrive (offline): the button stays
    );
  }

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link
          to={session ? homeOf(session) : '/'}
          className="site-header__brand"
          aria-label={`${BRAND_NAME} home`}
        >
          <Wordmark />
        </Link>
        {session && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onLogOut}
            disabled={leaving}
          >
            Log Out
          </button>
        )}
      </div>
    </header>
  );
}
