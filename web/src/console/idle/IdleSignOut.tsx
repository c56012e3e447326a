import { consoleActivity, idleSignOutNotice } from '@clinic/contracts';
import { useRef } from 'react';
import { ApiError, callApi, networkErrorText } from '../../api/client';
import { logOut } from '../../session/logOut';
import { Button, Dialog, FormMessage } from '../../ui';
import {
  openActivityChannel,
  useIdleSignOut,
  type ActivityChannel,
  type KeepAliveAnswer,
} from './useIdleSignOut';

/** POST /api/console/activity: 'ended' when the server no longer knows the session. */
async function keepAlive(): Promise<KeepAliveAnswer> {
  try {
    await callApi(consoleActivity);
    return 'kept';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return 'ended';
    throw error;
  }
}

const signOutIdle = () => void logOut(idleSignOutNotice);

/** "You will be signed out in 60 seconds", down to "in 1 second". */
export function countdownText(seconds: number): string {
  return `You will be signed out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * The console's automatic log-off (useIdleSignOut): nothing until a minute before the 15 idle
 * minutes are up, then a warning with the countdown and "Stay signed in"; at 15 minutes the Log
 * Out path, to the login page with the notice.
 */
export function IdleSignOut({
  openChannel = openActivityChannel,
}: {
  openChannel?: () => ActivityChannel | null;
}) {
  const stay = useRef<HTMLButtonElement>(null);
  const idle = useIdleSignOut({ keepAlive, signOut: signOutIdle, openChannel });
  if (idle.secondsLeft === null) return null;
  return (
    <Dialog
      title="Are you still there?"
      role="alertdialog"
      onClose={idle.staySignedIn}
      busy={idle.staying}
      initialFocus={stay}
      className="console-idle"
      description={countdownText(idle.secondsLeft)}
    >
      <p className="portal-modal__text">
        To keep patients&apos; information safe, the console signs you out after 15 minutes without
        activity.
      </p>
      <FormMessage kind="error">{idle.failed ? networkErrorText : null}</FormMessage>
      <div className="portal-modal__actions">
        <Button ref={stay} onClick={idle.staySignedIn} busy={idle.staying} busyLabel="Staying...">
          Stay signed in
        </Button>
        <Button variant="secondary" onClick={() => void logOut()} disabled={idle.staying}>
          Log Out
        </Button>
      </div>
    </Dialog>
  );
}
