/**
 * The two steps of a privacy request, each confirmed in a dialog because neither can be undone:
 * verified (the requester is the consumer or their authorized agent) and done (with a note of
 * what was sent or done, kept on the request).
 */
import {
  privacyAdminMessages,
  privacyRequestLimits,
  type PrivacyRequestView,
} from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, FormMessage, TextArea } from '../../ui';
import { markDone, markVerified } from './privacyApi';

interface StepProps {
  request: PrivacyRequestView;
  onClose(): void;
  onMoved(request: PrivacyRequestView): void;
}

const failureText = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

export function VerifyDialog({ request, onClose, onMoved }: StepProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      onMoved(await markVerified(request.reference));
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Mark ${request.reference} verified?`}
      description={`Only once you have confirmed that ${request.name} is the consumer, or is authorized to act for them. This cannot be undone.`}
      busy={busy}
      onClose={onClose}
    >
      <FormMessage kind="error">{error}</FormMessage>
      <div className="pv-dialog-actions">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Go back
        </Button>
        <Button busy={busy} busyLabel="Saving..." onClick={() => void confirm()}>
          Mark verified
        </Button>
      </div>
    </Dialog>
  );
}

export function CloseDialog({ request, onClose, onMoved }: StepProps) {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const max = privacyRequestLimits.closingNoteMax;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (note.trim() === '') return setMissing(true);
    setMissing(false);
    setBusy(true);
    setError(null);
    try {
      onMoved(await markDone(request.reference, note.trim()));
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Mark ${request.reference} done?`}
      description="Say what was sent or done. The note stays with the request, and the request cannot be reopened."
      busy={busy}
      onClose={onClose}
    >
      <form
        className="cd-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Close the request"
      >
        <TextArea
          label="What was sent or done"
          hint={`${note.length} of ${max} characters`}
          value={note}
          maxLength={max}
          error={missing && note.trim() === '' ? privacyAdminMessages.noteRequired : undefined}
          onValueChange={setNote}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <div className="pv-dialog-actions">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Go back
          </Button>
          <Button type="submit" busy={busy} busyLabel="Saving...">
            Mark done
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
