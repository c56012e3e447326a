import { useState } from 'react';
import { Link } from 'react-router-dom';
import { apiFetch } from '../api/client';
import { BRAND_NAME } from '../brand';
import { clearSession, useSession } from '../session/session';
import { Wordmark } from './Logo';
import './Header.css';

export function Header() {
  const session = useSession();
  const [leaving, setLeaving] = useState(false);

  // Spec 000 section 7: GET /api/logout; on success or error the stored session is removed.
  async function logOut() {
    setLeaving(true);
    try {
      await apiFetch('/api/logout');
    } catch {
      // the session is dropped either way
    } finally {
      clearSession();
      // A full reload (spec 002: logout removes the stored key and reloads). A client-side
      // navigate would lose the race with RequireAuth, which sends a guest on a login-required
      // page to /login?page_ref=<that page>, leaving the next person the previous user's page.
      window.location.replace('/login');
    }
  }

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link
          to={session ? '/home' : '/'}
          className="site-header__brand"
          aria-label={`${BRAND_NAME} home`}
        >
          <Wordmark />
        </Link>
        {session && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={logOut}
            disabled={leaving}
          >
            Log Out
          </button>
        )}
      </div>
    </header>
  );
}
