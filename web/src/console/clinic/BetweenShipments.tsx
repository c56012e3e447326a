import {
  formatUsMonthDay,
  sideEffectDurationLabels,
  sideEffectRedFlagLabels,
  sideEffectSeverityLabels,
  sideEffectSymptomLabels,
  type CareRecord,
  type CaseView,
  type SideEffectReport,
} from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { Button, FormMessage, TextArea, useAsyncAction } from '../../ui';
import { answerReport } from './clinicApi';
import type { Decided } from './DecisionPanel';
import { when } from './format';

const levelBadges: Record<SideEffectReport['level'], { text: string; className: string }> = {
  urgent: { text: 'Urgent', className: 'cq-badge cq-badge--urgent' },
  clinician: { text: 'Within 24 h', className: 'cq-badge' },
  'self-care': { text: 'Self-care', className: 'cq-status' },
};

/** "Mild", "Moderate", "Severe": the word before the patient's fuller description. */
const severityWord = (severity: SideEffectReport['severity']) =>
  sideEffectSeverityLabels[severity].split(':')[0];

const weeks = (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`;

/** "Doses: 6 of 8 weeks logged, 2 missed (2 in a row)", or "No injection day yet". */
export function adherenceText({
  weeks: due,
  logged,
  missed,
  missedInARow,
}: CareRecord['adherence']) {
  if (due === 0) return 'No injection day yet';
  const inARow = missedInARow > 0 ? ` (${missedInARow} in a row)` : '';
  return `Doses: ${logged} of ${weeks(due)} logged, ${missed} missed${inARow}`;
}

/** "Weights: 212 lb (Nov 24) → 204 lb (Dec 6)": the first and the latest (Body lists them all). */
export function weightsText(weights: CaseView['weights']) {
  if (weights.length === 0) return 'Weights: none reported';
  const first = weights[0]!;
  const latest = weights.at(-1)!;
  const one = (w: typeof first) => `${w.pounds} lb (${formatUsMonthDay(w.at)})`;
  return `Weights: ${one(first)}${weights.length > 1 ? ` → ${one(latest)}` : ''}`;
}

/** The answer to one report: it reaches the patient's Doctor on Demand thread. */
function AnswerForm({
  orderId,
  report,
  onDone,
  onCancel,
}: {
  orderId: number;
  report: SideEffectReport;
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
    void call.run(
      () => answerReport(orderId, report.id, { message: message.trim() }),
      'Sent to the patient.',
    );
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

/** One report on one line: when, what, how bad, how long, its level, red flags, and answered. */
function ReportLine({ report }: { report: SideEffectReport }) {
  const badge = levelBadges[report.level];
  const waiting = report.answered_at === null && report.level !== 'self-care';
  return (
    <p className="cv-care__report">
      {formatUsMonthDay(report.reported_at)} · {sideEffectSymptomLabels[report.symptom]} ·{' '}
      {severityWord(report.severity)} · {sideEffectDurationLabels[report.duration]} ·{' '}
      <span className={badge.className}>{badge.text}</span>
      {report.red_flags.length > 0 && (
        <span className="cv-care__flags">
          {' '}
          · Red flags: {report.red_flags.map((f) => sideEffectRedFlagLabels[f]).join('; ')}
        </span>
      )}
      {report.answered_at !== null && (
        <span className="cv-care__meta"> · Answered {formatUsMonthDay(report.answered_at)}</span>
      )}
      {waiting && report.due_at !== null && (
        <span className="cv-care__meta"> · Answer by {when(report.due_at)}</span>
      )}
    </p>
  );
}

/** The side-effect reports in the server's order (unanswered urgent ones first), each answerable. */
function SideEffects({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const [answering, setAnswering] = useState<number | null>(null);
  const reports = view.care?.sideEffects ?? [];
  if (reports.length === 0)
    return (
      <p className="cv-care__line" data-care="side-effects">
        Side effects: none reported
      </p>
    );
  return (
    <div className="cv-care__line" data-care="side-effects">
      <p className="cv-care__label">Side effects:</p>
      <ul className="cv-care__reports">
        {reports.map((report) => (
          <li key={report.id} data-report-id={report.id} data-level={report.level}>
            <ReportLine report={report} />
            {report.answered_at === null &&
              report.level !== 'self-care' &&
              (answering === report.id ? (
                <AnswerForm
                  orderId={view.case.orderId}
                  report={report}
                  onCancel={() => setAnswering(null)}
                  onDone={(text) => {
                    setAnswering(null);
                    onDone(text);
                  }}
                />
              ) : (
                <Button
                  variant={report.level === 'urgent' ? 'primary' : 'secondary'}
                  size="small"
                  aria-label={`Answer the report of ${formatUsMonthDay(report.reported_at)}`}
                  onClick={() => setAnswering(report.id)}
                >
                  Answer
                </Button>
              ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Between shipments" (issue 31): the doses logged, the side-effect reports (answered here by any
 * clinician, no claim needed) and the weights, one line each.
 */
export function BetweenShipments({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const care = view.care;
  if (!care) return null;
  return (
    <div className="cv-care">
      <p className="cv-care__line" data-care="adherence">
        {adherenceText(care.adherence)}
      </p>
      <SideEffects view={view} onDone={onDone} />
      <p className="cv-care__line" data-care="weights">
        {weightsText(view.weights)}
      </p>
    </div>
  );
}
