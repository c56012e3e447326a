import type { DoctorChatMessage } from '@clinic/contracts';
import './attachments.css';

type Attachment = DoctorChatMessage['attachments'][number];
type Kind = 'image' | 'video' | 'document';

/** What a file is, by its content type (or its name's extension when the type says little). */
export function attachmentKind({ type, name }: Pick<Attachment, 'type' | 'name'>): Kind {
  // The server may name the type by its extension ('pdf') rather than a content type.
  const names = [type.toLowerCase(), name.slice(name.lastIndexOf('.') + 1).toLowerCase()];
  const is = (prefix: string, extensions: string[]) =>
    names[0]!.startsWith(prefix) || names.some((n) => extensions.includes(n));
  if (is('image/', ['jpg', 'jpeg', 'png', 'gif'])) return 'image';
  if (is('video/', ['mp4', 'avi', 'mov'])) return 'video';
  return 'document';
}

const kindLabels: Record<Kind, string> = { image: 'Image', video: 'Video', document: 'Document' };

/** A small icon of the file's kind (decorative: the link says the kind in words). */
export function AttachmentIcon({ kind }: { kind: Kind }) {
  return (
    <svg
      className="doctor-file__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      {kind === 'image' ? (
        <>
          <rect
            x="3"
            y="4"
            width="18"
            height="16"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <circle cx="9" cy="10" r="1.8" fill="currentColor" />
          <path
            d="M4 18l5-5 3.5 3.5L16 13l4 4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </>
      ) : kind === 'video' ? (
        <>
          <rect
            x="3"
            y="5"
            width="18"
            height="14"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <path d="M10 9v6l5-3z" fill="currentColor" />
        </>
      ) : (
        <>
          <path
            d="M6 3h8l4 4v14H6z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path d="M14 3v4h4M9 12h6M9 16h6" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </>
      )}
    </svg>
  );
}

/** A message's files: each a link (a new tab) with its name and an icon of its kind. */
export function AttachmentLinks({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="doctor-files" aria-label="Attachments">
      {attachments.map((file, index) => {
        const kind = attachmentKind(file);
        return (
          <li key={`${file.url}-${index}`}>
            <a
              className="doctor-file"
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              data-kind={kind}
            >
              <AttachmentIcon kind={kind} />
              <span className="doctor-file__name">{file.name || 'Attachment'}</span>
              <span className="visually-hidden"> ({kindLabels[kind]}, opens in a new tab)</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
