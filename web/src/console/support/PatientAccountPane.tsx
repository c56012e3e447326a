import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { AccountSummary } from './AccountSummary';
import { BackToInbox, PaneError, PaneLoading } from './PaneStates';
import { kindLabels } from './format';
import { inboxPath } from './paths';
import { accountQuery } from './supportApi';

/**
 * A patient's account opened from an order they found (`?patient=`): their conversation with the
 * account beside it once they have one (the address becomes the conversation's), else who they
 * are and their orders, saying there is no chat yet.
 */
export function PatientAccountPane({
  userId,
  number,
  backTo,
}: {
  userId: number;
  /** The order search the agent came from, kept in the conversation's address. */
  number: string | null;
  backTo: string;
}) {
  const account = useQuery(accountQuery(userId));
  if (account.isPending) return <PaneLoading text="Loading the account..." />;
  if (account.isError) return <PaneError message={account.error.message} backTo={backTo} />;
  const { participant, email, conversationId } = account.data;
  if (conversationId !== null)
    return <Navigate to={inboxPath(conversationId, 'waiting', number)} replace />;
  return (
    <div className="sp-detail">
      <section className="sp-pane" aria-labelledby="sp-pane-title">
        <header className="sp-pane__head">
          <BackToInbox to={backTo} />
          <div className="sp-pane__who">
            <h2 id="sp-pane-title" className="sp-pane__title">
              {participant.name}
            </h2>
            <p className="sp-pane__sub">
              <span className={`sp-kind sp-kind--${participant.kind}`}>
                {kindLabels[participant.kind]}
              </span>{' '}
              <span data-testid="pane-status">No chat yet</span>
            </p>
          </div>
        </header>
        <p className="sp-muted">
          {participant.name} has not written to support. Their chat opens here when they do; they
          can write from the chat button in their portal.
        </p>
      </section>
      <AccountSummary participant={participant} email={email} />
    </div>
  );
}
