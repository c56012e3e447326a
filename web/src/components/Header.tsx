import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { apiFetch } from '../api/client';
import { BRAND_NAME } from '../brand';
import { clearSession, useSession } from '../session/session';
import { Wordmark } from './Logo';
import './Header.css';

export function Header() {
  const session = useSession();
  const navigate = useNavigate();
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
      setLeaving(false);
      navigate('/login', { replace: true });
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
