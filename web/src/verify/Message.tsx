/**
 * A message line: errors are alerts (announced at once), confirmations and notes are status
 * (announced politely). Renders nothing without text.
 */
export function Message({
  kind,
  children,
}: {
  kind: 'error' | 'success' | 'info';
  children: string | null | undefined;
}) {
  if (!children) return null;
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={`form-message form-message--${kind} verify-message`}
    >
      {children}
    </p>
  );
}
