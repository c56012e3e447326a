import { FormMessage, type MessageKind } from '../ui';

/** A message line of the verification steps (the kit's FormMessage, spaced by verify.css). */
export function Message({
  kind,
  children,
}: {
  kind: MessageKind;
  children: string | null | undefined;
}) {
  return (
    <FormMessage kind={kind} className="verify-message">
      {children}
    </FormMessage>
  );
}
