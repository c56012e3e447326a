/**
 * /console/state-rules (admins): the per-state rules the quiz, checkout and medical forms follow.
 * An admin edits a rule's states, sees what the change touches (the states it moves, and the
 * open carts and open orders there) and only then saves it, from the version they opened: when
 * another admin saved first, the page says so and offers to reload. Every process follows a saved
 * change within a second, with no deploy.
 *
 * The section's copy comes from ConsoleApp: a module this chunk shared with ConsoleApp's would
 * merge the two (see ConsoleEmpty.tsx).
 */
import {
  stateRuleNames,
  type ConsoleSection,
  type StateRuleName,
  type StateRules,
  type StateRulesPreview,
} from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toApiError } from '../../api/client';
import { usePageTitle } from '../../components/usePageTitle';
import { Button, Field, FormMessage, ToastRegion, useAsyncAction, useToasts } from '../../ui';
import type { SectionCopy } from '../sections';
import { RulesHistory } from './RulesHistory';
import { countOf, ruleLabels, statesOf, statesText } from './labels';
import {
  consoleStateRulesQuery,
  previewChange,
  saveChange,
  type StateRulesAnswer,
} from './stateRulesApi';
import '../record.css';
import './state-rules.css';

type Texts = Record<StateRuleName, string>;

const textsOf = (rules: StateRules): Texts =>
  Object.fromEntries(stateRuleNames.map((rule) => [rule, statesText(rules[rule])])) as Texts;
const rulesOf = (texts: Texts): StateRules =>
  Object.fromEntries(stateRuleNames.map((rule) => [rule, statesOf(texts[rule])])) as StateRules;

function previewText(preview: StateRulesPreview): string {
  if (preview.states.length === 0) return 'This change moves no state: nothing to save.';
  return `This change affects ${preview.states.join(', ')}: ${countOf(preview.openCarts, 'cart')} and ${countOf(preview.openOrders, 'order')} there.`;
}

function RulesEditor({
  answer,
  onSaved,
  onReload,
}: {
  answer: StateRulesAnswer;
  onSaved(saved: StateRulesAnswer): void;
  onReload(): void;
}) {
  const [texts, setTexts] = useState<Texts>(() => textsOf(answer.rules));
  // The preview of exactly these texts; any edit clears it, so Save always follows a preview.
  const [preview, setPreview] = useState<StateRulesPreview | null>(null);
  const [conflict, setConflict] = useState(false);
  const action = useAsyncAction(() => undefined);

  function edit(rule: StateRuleName, text: string) {
    setTexts((current) => ({ ...current, [rule]: text }));
    setPreview(null);
    action.setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const rules = rulesOf(texts);
    if (!preview) {
      void action.run(async () => setPreview(await previewChange(rules)), '', 'preview');
      return;
    }
    void action.run(
      async () => {
        try {
          onSaved(await saveChange(answer.version, rules));
        } catch (failure) {
          if (toApiError(failure).status === 409) setConflict(true);
          throw failure;
        }
      },
      '',
      'save',
    );
  }

  const changes = preview !== null && preview.states.length > 0;
  return (
    <form className="sr-form card" onSubmit={submit} noValidate aria-label="State rules">
      {stateRuleNames.map((rule) => (
        <Field
          key={rule}
          id={`sr-${rule}`}
          label={ruleLabels[rule].label}
          hint={ruleLabels[rule].hint}
          value={texts[rule]}
          onValueChange={(text) => edit(rule, text)}
          placeholder="No state"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
        />
      ))}
      <p className="sr-form__note">Two-letter state codes, separated by commas, e.g. LA, MS, AL.</p>
      {preview && (
        <p className="sr-preview" role="status" data-testid="state-rules-preview">
          {previewText(preview)}
        </p>
      )}
      {action.error && <FormMessage kind="error">{action.error}</FormMessage>}
      <div className="sr-form__actions">
        {conflict ? (
          <Button onClick={onReload}>Reload the rules</Button>
        ) : preview ? (
          <>
            <Button
              type="submit"
              busy={action.running === 'save'}
              busyLabel="Saving..."
              disabled={!changes}
            >
              Save the change
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)} disabled={action.busy}>
              Keep editing
            </Button>
          </>
        ) : (
          <Button type="submit" busy={action.running === 'preview'} busyLabel="Counting...">
            Preview the change
          </Button>
        )}
      </div>
    </form>
  );
}

export default function StateRulesPage({
  section,
  copy,
}: {
  section: ConsoleSection;
  copy: SectionCopy;
}) {
  usePageTitle(`${section.label} · Staff console`);
  const current = useQuery(consoleStateRulesQuery);
  const queryClient = useQueryClient();
  const { toasts, show } = useToasts();

  function onSaved(saved: StateRulesAnswer) {
    queryClient.setQueryData(consoleStateRulesQuery.queryKey, saved);
    show(
      'success',
      `Saved as version ${saved.version}. The quiz, checkout and forms follow it now.`,
    );
  }

  let body;
  if (current.isPending)
    body = (
      <p className="console-page__purpose" aria-busy="true">
        Loading the rules...
      </p>
    );
  else if (current.isError) body = <FormMessage kind="error">{current.error.message}</FormMessage>;
  else
    body = (
      <>
        <p className="sr-version">In force: version {current.data.version}</p>
        <RulesEditor
          key={current.data.version}
          answer={current.data}
          onSaved={onSaved}
          onReload={() => void current.refetch()}
        />
        <RulesHistory history={current.data.history} />
      </>
    );

  return (
    <main className="console-page" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
      </header>
      {body}
      <ToastRegion toasts={toasts} />
    </main>
  );
}
