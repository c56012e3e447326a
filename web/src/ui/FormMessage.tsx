import './Field.css';

export type MessageKind = 'error' | 'success' | 'info';

interface MessageProps {
  kind: MessageKind;
  children: string | null | undefined;
  /** Extra classes (a page's own spacing). */
  className?: string;
  /** false: a note that is there from the start, not announced (no live region role). */
  live?: boolean;
}

/**
 * A message line: errors are alerts (announced at once), confirmations and notes are status
 * (announced politely). Renders nothing without text.
 */
export function FormMessage({ kind, children, className, live = true }: MessageProps) {
  if (!children) return null;
  return (
    <p
      role={live ? (kind === 'error' ? 'alert' : 'status') : undefined}
      className={`form-message form-message--${kind}${className ? ` ${className}` : ''}`}
    >
      {children}
    </p>
  );
}

/** An error line; role="alert" so screen readers announce it when it appears. */
export function FormError({ children }: { children: string | null }) {
  return <FormMessage kind="error">{children}</FormMessage>;
}
