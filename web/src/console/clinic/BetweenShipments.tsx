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
import { useState } from 'react';
import { Button } from '../../ui';
import { CareAnswerForm } from './CareAnswerForm';
import { answerMissed, answerReport } from './clinicApi';
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
                <CareAnswerForm
                  send={(message) => answerReport(view.case.orderId, report.id, { message })}
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
 * Weekly doses missed in a row that no clinician has answered: how many, what the patient was
 * told, the deadline, and the answer (any clinician, no claim needed).
 */
function MissedDoses({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const [answering, setAnswering] = useState(false);
  const missed = view.case.missedDoses;
  if (!missed) return null;
  return (
    <div className="cv-care__line cv-care__flagged" data-care="missed-doses">
      <p className="cv-care__missed">
        {weeks(missed.missedInARow)} missed in a row — the patient was told not to resume on their
        own<span className="cv-care__meta"> · Answer by {when(missed.dueAt)}</span>
      </p>
      {answering ? (
        <CareAnswerForm
          send={(message) => answerMissed(view.case.orderId, { message })}
          onCancel={() => setAnswering(false)}
          onDone={(text) => {
            setAnswering(false);
            onDone(text);
          }}
        />
      ) : (
        <Button
          size="small"
          aria-label="Answer the missed doses"
          onClick={() => setAnswering(true)}
        >
          Answer
        </Button>
      )}
    </div>
  );
}

/**
 * "Between shipments" (issue 31): the doses logged, weeks missed in a row waiting for an answer,
 * the side-effect reports (answered here by any clinician, no claim needed) and the weights, one
 * line each.
 */
export function BetweenShipments({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const care = view.care;
  if (!care) return null;
  return (
    <div className="cv-care">
      <p className="cv-care__line" data-care="adherence">
        {adherenceText(care.adherence)}
      </p>
      <MissedDoses view={view} onDone={onDone} />
      <SideEffects view={view} onDone={onDone} />
      <p className="cv-care__line" data-care="weights">
        {weightsText(view.weights)}
      </p>
    </div>
  );
}
