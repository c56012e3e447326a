import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { getSession, setSession, useSession } from '../session/session';
import { ConsoleShell } from './ConsoleShell';
import { consoleMeQuery, isForbidden } from './consoleMe';
import { SectionPage } from './SectionPage';
import './console.css';

/**
 * The staff console under /console (BRIEF section 4), loaded only when staff open it. The route
 * map lets only staff sessions in; the server then says who is here and which sections their
 * role opens. A refused token (401) ends the session, so the guard sends them to log in again;
 * a patient's token (403) means the stored role was wrong, and believing the server sends the
 * guard to the portal rather than back here.
 */
export default function ConsoleApp() {
  const session = useSession();
  // What follows /console/ (the route is /console/*): a section's key, or nothing.
  const { '*': rest = '' } = useParams();
  const me = useQuery({ ...consoleMeQuery(session?.user.id ?? ''), enabled: session !== null });
  const forbidden = isForbidden(me.error);

  useEffect(() => {
    const current = getSession();
    if (forbidden && current)
      setSession({ ...current, user: { ...current.user, role: 'patient' } });
  }, [forbidden]);

  if (forbidden) return null;
  if (me.isError) {
    return (
      <ConsoleShell me={null}>
        <main className="console-page">
          <div className="console-empty console-empty--error" role="alert">
            <h1 className="console-empty__title">The console could not load.</h1>
            <p className="console-empty__text">Please check your connection and try again.</p>
            <button type="button" className="button" onClick={() => void me.refetch()}>
              Try again
            </button>
          </div>
        </main>
      </ConsoleShell>
    );
  }
  if (!me.data) {
    return (
      <ConsoleShell me={null}>
        <main className="console-page" aria-busy="true">
          <p className="console-page__purpose">Loading your console...</p>
        </main>
      </ConsoleShell>
    );
  }

  // /console, and any path that is not a section of this role, opens the role's first section.
  const section = me.data.sections.find((s) => s.key === rest);
  if (!section) return <Navigate to={`/console/${me.data.sections[0]?.key ?? ''}`} replace />;
  return (
    <ConsoleShell me={me.data}>
      <SectionPage section={section} />
    </ConsoleShell>
  );
}
