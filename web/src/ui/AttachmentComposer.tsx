import { useRef, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';

/**
 * A message box that carries files (the patient's doctor chat, the clinician's reply): the chosen
 * files as chips above the text (each with Remove), and a bar with the hidden file input, the
 * attach button (off once `maxFiles` are chosen), then the caller's counter and Send. The text
 * box, the counter, Send and the failures are the caller's (`text`, `actions`, `footer`);
 * `look` keeps each place's drawing: 'chips' and an icon button (the patient's), or 'files' and
 * a labelled kit button (the console's).
 */
export function AttachmentComposer({
  look,
  className,
  barClassName,
  inputId,
  files,
  accept,
  maxFiles,
  busy = false,
  fileIcon,
  onChoose,
  onRemove,
  onSubmit,
  text,
  actions,
  footer,
}: {
  look: 'chips' | 'files';
  className: string;
  barClassName: string;
  inputId: string;
  files: readonly File[];
  accept: string;
  maxFiles: number;
  /** Disables Remove and attach while the message is being sent ('files' look). */
  busy?: boolean;
  fileIcon(file: File): ReactNode;
  onChoose(event: ChangeEvent<HTMLInputElement>): void;
  onRemove(index: number): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  text: ReactNode;
  actions: ReactNode;
  footer?: ReactNode;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const full = files.length >= maxFiles;
  const attachTitle = 'Attach a file (PDF, Word, text, image or video; 5 MB at most)';
  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      {files.length > 0 && (
        <ul
          className={look === 'chips' ? 'doctor-composer__files' : 'doctor-files'}
          aria-label="Files to send"
        >
          {files.map((file, index) =>
            look === 'chips' ? (
              <li key={`${file.name}-${index}`} className="doctor-chip">
                {fileIcon(file)}
                <span className="doctor-chip__name">{file.name}</span>
                <button
                  type="button"
                  className="doctor-chip__remove"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onRemove(index)}
                >
                  ×
                </button>
              </li>
            ) : (
              <li key={`${file.name}-${index}`}>
                <span className="doctor-file">
                  {fileIcon(file)}
                  <span className="doctor-file__name">{file.name}</span>
                  <Button
                    variant="secondary"
                    size="small"
                    aria-label={`Remove ${file.name}`}
                    disabled={busy}
                    onClick={() => onRemove(index)}
                  >
                    ×
                  </Button>
                </span>
              </li>
            ),
          )}
        </ul>
      )}
      {text}
      <div className={barClassName}>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          multiple
          accept={accept}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onChoose}
        />
        {look === 'chips' ? (
          <button
            type="button"
            className="doctor-composer__attach"
            aria-label="Attach a file"
            title={attachTitle}
            disabled={full}
            onClick={() => fileInput.current?.click()}
          >
            <PaperClip size={22} />
          </button>
        ) : (
          <Button
            variant="secondary"
            size="small"
            aria-label="Attach a file"
            title={attachTitle}
            disabled={busy || full}
            onClick={() => fileInput.current?.click()}
          >
            <PaperClip size={18} />
            Attach
          </Button>
        )}
        {actions}
      </div>
      {footer}
    </form>
  );
}

function PaperClip({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
