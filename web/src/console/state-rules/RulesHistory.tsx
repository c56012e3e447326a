/** The last changes of the state rules: who saved which version when, and the states it moved. */
import { statesAffectedBy, type StateRulesChange } from '@clinic/contracts';
import { when } from '../format';

export function RulesHistory({ history }: { history: readonly StateRulesChange[] }) {
  return (
    <section className="sr-history" aria-labelledby="sr-history-title">
      <h2 id="sr-history-title">Changes</h2>
      {history.length === 0 ? (
        <p className="sr-history__none">
          No change yet: these are the rules the clinic opened with.
        </p>
      ) : (
        <ol className="sr-history__list">
          {history.map((change) => {
            const moved = statesAffectedBy(change.before, change.after);
            return (
              <li key={change.version}>
                <strong>Version {change.version}</strong> by {change.changedBy},{' '}
                {when(change.changedAt)}
                {moved.length > 0 ? `: ${moved.join(', ')}` : ''}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
