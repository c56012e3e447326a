import { Message } from './Message';

/** The foot of both change forms: the error, the submit button and Cancel. */
export function ChangeActions(props: {
  submitId: string;
  label: string;
  canSubmit: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
}) {
  return (
    <>
      <Message kind="error">{props.error}</Message>
      <div className="verify-actions">
        <button
          type="submit"
          id={props.submitId}
          className="button verify-primary"
          disabled={!props.canSubmit || props.busy}
        >
          {props.label}
        </button>
        <button
          type="button"
          id="verify-change-cancel"
          className="verify-link"
          disabled={props.busy}
          onClick={props.onCancel}
        >
          Cancel
        </button>
      </div>
    </>
  );
}
