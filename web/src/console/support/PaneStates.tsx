import { Link } from 'react-router-dom';
import { FormMessage } from '../../ui';

/** "← Inbox": back to the list the pane was opened from (with the search it had). */
export function BackToInbox({ to }: { to: string }) {
  return (
    <Link className="sp-back" to={to}>
      ← Inbox
    </Link>
  );
}

/** The pane while what it shows loads (`text` says what). */
export function PaneLoading({ text }: { text: string }) {
  return (
    <section className="sp-pane" aria-busy="true">
      <p className="sp-muted">{text}</p>
    </section>
  );
}

/** The pane when what it shows could not be read: the reason, and the way back. */
export function PaneError({ message, backTo }: { message: string; backTo: string }) {
  return (
    <section className="sp-pane">
      <BackToInbox to={backTo} />
      <FormMessage kind="error">{message}</FormMessage>
    </section>
  );
}
