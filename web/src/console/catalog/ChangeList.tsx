/** A versioned setting's or coupon's changes, newest first: who, when, and each line that moved. */

export interface RecordedChange {
  version: number;
  at: string;
  by: { id: number; name: string | null };
}

export function ChangeList<C extends RecordedChange>({
  changes,
  moved,
}: {
  changes: readonly C[];
  /** What the change moved, one line each ("Tirzepatide, Monthly Plan: $349.97 → $369.99"). */
  moved(change: C): string[];
}) {
  return (
    <ol className="cc-history">
      {changes.map((change) => (
        <li key={change.version}>
          <p className="cc-history__who">
            {change.by.name ?? `Staff #${change.by.id}`},{' '}
            {new Date(change.at).toLocaleString('en-US')}
          </p>
          <ul>
            {moved(change).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** A console page's "Changes" section under its form; nothing until there is a change. */
export function ChangesSection<C extends RecordedChange>({
  id,
  changes,
  moved,
}: {
  id: string;
  changes: readonly C[] | undefined;
  moved(change: C): string[];
}) {
  if (!changes || changes.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="cc-section-title">
        Changes
      </h2>
      <ChangeList changes={changes} moved={moved} />
    </section>
  );
}
