import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../brand';
import { homeOf } from '../session/audience';
import { logOut } from '../session/logOut';
import { useSession } from '../session/session';
import { Wordmark } from './Logo';
import './Header.css';

/**
 * The header of the public pages and the patient portal. The brand leads a logged-in visitor to
 * their own start: the portal for a patient, the console for staff (who get no portal links).
 */
export function Header() {
  const session = useSession();
  const [leaving, setLeaving] = useState(false);

  function onLogOut() {
    setLeaving(true);
    void logOut();
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
