import { useState, type FormEvent } from 'react';
import { Button, FormMessage, TextArea, useAsyncAction } from '../../ui';
import type { Decided } from './DecisionPanel';

/**
 * A clinician's answer to a patient between shipments (a side-effect report, weeks of missed
 * doses): it reaches the patient's Doctor on Demand thread. The message is kept on a refusal, to
 * copy or send again.
 */
export function CareAnswerForm({
  send,
  onDone,
  onCancel,
}: {
  /** The call that sends the trimmed message. */
  send(message: string): Promise<unknown>;
  onDone: Decided;
  onCancel(): void;
}) {
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const call = useAsyncAction(onDone);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (message.trim() === '') return setMissing(true);
    setMissing(false);
    void call.run(() => send(message.trim()), 'Sent to the patient.');
  }

  return (
    <form className="cd-form cv-care__answer" onSubmit={submit} noValidate aria-label="Answer">
      <TextArea
        label="Answer to the patient"
        hint="The patient reads it in their Doctor on Demand messages and is told by text or email."
        value={message}
        maxLength={2000}
        error={missing ? 'Write the message for the patient.' : undefined}
        onValueChange={setMessage}
      />
      <FormMessage kind="error">{call.error}</FormMessage>
      <div className="cv-care__actions">
        <Button type="submit" size="small" busy={call.busy} busyLabel="Sending...">
          Send to patient
        </Button>
        <Button variant="secondary" size="small" disabled={call.busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
