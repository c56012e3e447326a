import type { ConsoleMe } from '@clinic/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BRAND_NAME } from '../brand';
import { LogoMark } from '../components/Logo';
import { ScrollToTop } from '../components/ScrollToTop';
import { logOut } from '../session/logOut';
import { ConsoleIcon } from './ConsoleIcon';
import { ConsoleNav } from './ConsoleNav';
import { IdleSignOut } from './idle/IdleSignOut';
import { roleLabels } from './roles';

function initials(first: string, last: string, email: string): string {
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`;
  return (letters || email.charAt(0)).toUpperCase();
}

/**
 * The frame of every console page: a top bar with the staff member's name, role and Log Out, and
 * the navigation of their role beside the page (a menu under the top bar on a phone). Until the
 * server has said who is here (`me` null), it shows the bar alone. Once it has, the automatic
 * log-off watches for 15 idle minutes (IdleSignOut).
 */
export function ConsoleShell({ me, children }: { me: ConsoleMe | null; children: ReactNode }) {
  const navId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  // The open section: /console/{key}, or a page inside it (/console/review-queue/{orderId}).
  const current = me?.sections.find(
    (s) => pathname === `/console/${s.key}` || pathname.startsWith(`/console/${s.key}/`),
  );

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  function onLogOut() {
    setLeaving(true);
    void logOut();
  }

  const staff = me?.staff;
  const name = staff ? `${staff.first_name} ${staff.last_name}`.trim() || staff.email : null;

  return (
    <div className="console">
      <ScrollToTop />
      {me && <IdleSignOut />}
      <header className="console-bar">
        <Link to="/console" className="console-bar__brand" aria-label="Staff console home">
          <LogoMark size={30} />
          <span className="console-bar__clinic">{BRAND_NAME}</span>
          <span className="console-bar__title">Staff console</span>
        </Link>
        {staff && name && (
          <div className="console-bar__who" data-testid="console-staff">
            <span className="console-bar__avatar" aria-hidden="true">
              {initials(staff.first_name, staff.last_name, staff.email)}
            </span>
            <span className="console-bar__name">{name}</span>
            <span className="console-bar__role">{roleLabels[staff.role]}</span>
          </div>
        )}
        <button
          type="button"
          className="button button--secondary button--small console-bar__logout"
          onClick={onLogOut}
          disabled={leaving}
        >
          Log Out
        </button>
      </header>
      <div className="console__body">
        {me && (
          <aside className="console__side" data-open={menuOpen}>
            <button
              type="button"
              className="console-menu"
              aria-expanded={menuOpen}
              aria-controls={navId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <ConsoleIcon name="menu" />
              <span className="console-menu__label">
                <span className="visually-hidden">Menu: </span>
                {current?.label ?? 'Menu'}
              </span>
              <ConsoleIcon name="chevron" />
            </button>
            <ConsoleNav
              id={navId}
              sections={me.sections}
              current={current?.key}
              onNavigate={() => setMenuOpen(false)}
            />
          </aside>
        )}
        <div className="console__main">{children}</div>
      </div>
    </div>
  );
}
