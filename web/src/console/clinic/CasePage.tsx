import type { CaseView } from '@clinic/contracts';
import { orderNumber } from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { Button, FormMessage, ToastRegion, useToasts } from '../../ui';
import { BetweenShipments } from './BetweenShipments';
import { caseQuery, claim, fileUrl, release } from './clinicApi';
import { DecisionPanel, type Decided } from './DecisionPanel';
import { DoctorThreadPane } from './DoctorThreadPane';
import { casePath } from './paths';
import { drugLabel, mg, openStatuses, planText, statusLabels, timeLeft, when } from './format';
import '../record.css';
import './clinic.css';

/** How /verify checked a contact: the clinician knows whether it is proven. */
function checked(outcome: 'verified' | 'skipped' | null) {
  return (
    <span className={`cv-check cv-check--${outcome ?? 'none'}`}>
      {outcome === 'verified'
        ? ' · verified'
        : outcome === 'skipped'
          ? ' · not verified (skipped)'
          : ' · not checked yet'}
    </span>
  );
}

const decisionLabels: Record<CaseView['decisions'][number]['kind'], string> = {
  claim: 'Claimed',
  release: 'Released',
  approve: 'Approved',
  deny: 'Denied',
  'request-message': 'Sent a message',
  'request-video': 'Required the identity video',
  'request-visit': 'Required a visit',
  'visit-missed': 'Recorded a missed visit',
};

const prescriptionStatusLabels: Record<CaseView['prescriptions'][number]['status'], string> = {
  pending: "Waiting for the patient's answer",
  accepted: 'Accepted',
  'adjustment-requested': 'Adjustment requested',
  superseded: 'Replaced',
};

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="cv-section card" aria-labelledby={`cv-${id}`}>
      <h2 id={`cv-${id}`} className="cv-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="cv-facts">
      {rows.map(([term, value]) => (
        <div key={term} className="cv-facts__row">
          <dt>{term}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const Empty = ({ children }: { children: string }) => <p className="cv-none">{children}</p>;

/**
 * The answers, critical ones first and marked, each with its follow-ups. A photo's answer is its
 * file's short label ("Photo ID"), which the Files section opens; never its storage name.
 */
function Answers({ assessment }: { assessment: NonNullable<CaseView['assessment']> }) {
  const { answers, files } = assessment;
  const labels = new Map(files.map((f) => [f.fileName, f.label]));
  const inWords = (answer: string) => {
    const label = labels.get(answer);
    return label === undefined ? answer : `${label} (in Files)`;
  };
  const ordered = [...answers.filter((a) => a.critical), ...answers.filter((a) => !a.critical)];
  return (
    <ol className="cv-answers">
      {ordered.map((a) => (
        <li
          key={a.questionId}
          className={a.critical ? 'cv-answer cv-answer--critical' : 'cv-answer'}
          data-critical={a.critical || undefined}
        >
          <p className="cv-answer__q">
            {a.critical && <span className="cv-flag">Needs attention</span>}
            {a.question}
          </p>
          <p className="cv-answer__a">{inWords(a.answer)}</p>
          {a.followUps.map((f, i) => (
            <p key={i} className="cv-answer__follow">
              <span className="cv-answer__q">{f.question}</span> {inWords(f.answer)}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}

/** The files: a click fetches a short-lived link and shows the image or plays the video. */
function Files({ view }: { view: CaseView }) {
  const files = view.assessment?.files ?? [];
  const [open, setOpen] = useState<{ fileName: string; url: string; kind: string } | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (files.length === 0) return <Empty>No files.</Empty>;

  async function show(fileName: string, kind: string) {
    setLoading(fileName);
    setError(null);
    try {
      setOpen({ fileName, kind, url: await fileUrl(view.case.orderId, fileName) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLoading(null);
    }
  }

  return (
    <>
      <ul className="cv-files">
        {files.map((f) => (
          <li key={f.fileName}>
            <Button
              variant="secondary"
              size="small"
              busy={loading === f.fileName}
              aria-pressed={open?.fileName === f.fileName}
              onClick={() => void show(f.fileName, f.kind)}
            >
              {f.kind === 'video' ? '▶ ' : ''}
              {f.label}
            </Button>
          </li>
        ))}
      </ul>
      <FormMessage kind="error">{error}</FormMessage>
      {open && (
        <figure className="cv-viewer">
          {open.kind === 'video' ? (
            <video src={open.url} controls preload="metadata" className="cv-viewer__media">
              <track kind="captions" />
            </video>
          ) : (
            <img
              src={open.url}
              alt={files.find((f) => f.fileName === open.fileName)?.label ?? open.fileName}
              className="cv-viewer__media"
            />
          )}
          <figcaption>
            {files.find((f) => f.fileName === open.fileName)?.label}{' '}
            <Button variant="secondary" size="small" onClick={() => setOpen(null)}>
              Close
            </Button>
          </figcaption>
        </figure>
      )}
    </>
  );
}

const schedule = (months: readonly number[]) =>
  months.length === 0 ? '—' : months.map((m, i) => `Month ${i + 1}: ${mg(m)}`).join(' · ');

/** What happened before: the patient's earlier orders, prescriptions and decisions. */
function CaseHistory({ view }: { view: CaseView }) {
  return (
    <>
      <Section title="Earlier orders" id="orders">
        {view.earlierOrders.length === 0 ? (
          <Empty>No earlier orders.</Empty>
        ) : (
          <ul className="cv-list">
            {view.earlierOrders.map((o) => (
              <li key={o.orderId}>
                <Link to={casePath(o.orderId)}>Order {orderNumber(o.orderId)}</Link>{' '}
                {drugLabel(o.drug)}, {planText(o)}: {statusLabels[o.status]}
                {o.decidedAt ? `, ${when(o.decidedAt)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Prescriptions" id="prescriptions">
        {view.prescriptions.length === 0 ? (
          <Empty>No prescriptions yet.</Empty>
        ) : (
          <ul className="cv-list">
            {view.prescriptions.map((p) => (
              <li key={p.prescriptionId} className="cv-rx">
                <p className="cv-rx__head">
                  {drugLabel(p.drug)} · {p.vials} {p.vials === 1 ? 'vial' : 'vials'} ·{' '}
                  <span className="cq-status">{prescriptionStatusLabels[p.status]}</span>
                </p>
                <p>{schedule(p.doseSchedule)}</p>
                {p.maintenanceDose !== null && <p>Maintenance {mg(p.maintenanceDose)}</p>}
                <p className="cv-rx__directions">{p.directions}</p>
                <p className="cv-meta">
                  Approved by {p.approvedBy.name}, {when(p.approvedAt)}
                  {p.acceptedAt &&
                    `; accepted ${p.acceptedBy === 'timeout' ? 'after 12 hours' : 'by the patient'}, ${when(p.acceptedAt)}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Decision history" id="history">
        {view.decisions.length === 0 ? (
          <Empty>Nothing decided yet.</Empty>
        ) : (
          <ol className="cv-list cv-history">
            {view.decisions.map((d) => (
              <li key={d.id}>
                <strong>{decisionLabels[d.kind]}</strong> by {d.by.name}, {when(d.at)}
                {d.note && <blockquote className="cv-quote">{d.note}</blockquote>}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}

/** Everything about the case, in the order a clinician reads it. */
function CaseDetails({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const { patient, assessment, adjustment } = view;
  const lastWeight = view.weights.at(-1);
  const bmi = assessment?.bmi ?? null;
  const pounds = assessment?.weightPounds ?? lastWeight?.pounds ?? null;
  const inches = assessment?.heightInches ?? null;
  return (
    <div className="cv-details">
      {assessment && assessment.criticalCount > 0 && (
        <p className="cv-attention" role="note">
          {assessment.criticalCount === 1
            ? '1 answer needs attention'
            : `${assessment.criticalCount} answers need attention`}
        </p>
      )}
      {view.care && (
        <Section title="Between shipments" id="care">
          <BetweenShipments view={view} onDone={onDone} />
        </Section>
      )}
      {adjustment && (
        <Section title="Adjustment requested" id="adjustment">
          <p className="cv-lead">
            The patient asked for other doses on {when(adjustment.submittedAt)}.
          </p>
          <Facts
            rows={[
              ['Requested schedule', schedule(adjustment.doseSchedule)],
              ['Maintenance', mg(adjustment.maintenanceDose)],
            ]}
          />
        </Section>
      )}
      <Section title="Patient" id="patient">
        <Facts
          rows={[
            ['Name', `${patient.firstName} ${patient.lastName}`],
            [
              'Email',
              <>
                <a href={`mailto:${patient.email}`}>{patient.email}</a>
                {checked(patient.emailCheck)}
              </>,
            ],
            [
              'Phone',
              <>
                {patient.phone}
                {checked(patient.phoneCheck)}
              </>,
            ],
            ['Gender', patient.gender],
            ['State', patient.state],
            ['Health id', patient.healthId ?? 'Opened when the case is first claimed'],
            ['Encounter', patient.encounterId],
          ]}
        />
      </Section>
      <Section title="Body" id="body">
        <Facts
          rows={[
            ['BMI', bmi === null ? null : bmi.toFixed(1)],
            ['Weight', pounds === null ? null : `${pounds} lb`],
            ['Height', inches === null ? null : `${Math.floor(inches / 12)} ft ${inches % 12} in`],
            [
              'Weights reported',
              view.weights.length === 0
                ? null
                : view.weights.map((w) => `${w.pounds} lb (${when(w.at)})`).join(', '),
            ],
          ]}
        />
      </Section>
      {assessment ? (
        <>
          <Section title="Answers" id="answers">
            <p className="cv-lead">
              {assessment.form === 'refill' ? 'Refill check-in' : 'Medical assessment'}, version{' '}
              {assessment.questionnaireVersion}, submitted {when(assessment.submittedAt)}.
            </p>
            <Answers assessment={assessment} />
          </Section>
          <Section title="Health notes" id="health">
            <Facts
              rows={[
                [
                  'Special necessities',
                  assessment.specialNecessities.length
                    ? assessment.specialNecessities.join(', ')
                    : 'None',
                ],
                ['Allergies', assessment.allergies ?? 'None reported'],
                ['Medications', assessment.medications ?? 'None reported'],
                ['Other medical conditions', assessment.conditions ?? 'None reported'],
                ['Anti-nausea add-on', view.antiNausea ? 'Yes' : 'No'],
              ]}
            />
          </Section>
          <Section title="Dose preference" id="dose">
            <Facts
              rows={[
                ['Schedule asked for', schedule(assessment.doseSchedulePreference)],
                [
                  'Maintenance',
                  assessment.maintenancePreference === null
                    ? null
                    : mg(assessment.maintenancePreference),
                ],
              ]}
            />
          </Section>
          <Section title="Files" id="files">
            <Files view={view} />
          </Section>
        </>
      ) : (
        <Section title="Assessment" id="answers">
          <Empty>The patient has not submitted the assessment yet.</Empty>
        </Section>
      )}
      <CaseHistory view={view} />
      {/* A note asking for more is in the Decision history and, posted by the chat, in this thread. */}
      <Section title="Messages with the patient" id="doctor-messages">
        <DoctorThreadPane
          userId={view.case.userId}
          titleLevel={3}
          recordOpen={view.patient.encounterId !== null}
          noteAt={view.messages.findLast((m) => m.from === 'clinician')?.at ?? null}
        />
      </Section>
    </div>
  );
}

/**
 * /console/review-queue/{orderId}: one case. Claiming it makes it mine (409 names who holds
 * it); once mine, the decision panel approves, denies or asks for more, and Release gives it
 * back. Every decision reloads the case and says what happened in a toast.
 */
export function CasePage({ orderId, staffId }: { orderId: number; staffId: number }) {
  const client = useQueryClient();
  const query = useQuery(caseQuery(orderId));
  const { toasts, show } = useToasts();
  const [busy, setBusy] = useState<'claim' | 'release' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const view = query.data;
  usePageTitle(view ? `${view.case.patientName} · Review queue` : 'Case · Review queue');

  async function reload() {
    await client.invalidateQueries({ queryKey: ['console-cases'] });
    await query.refetch();
  }

  async function act(kind: 'claim' | 'release') {
    setBusy(kind);
    setError(null);
    try {
      await (kind === 'claim' ? claim(orderId) : release(orderId));
      show('success', kind === 'claim' ? 'The case is yours.' : 'The case is back in the queue.');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
      await reload();
    }
  }

  function decided(text: string) {
    show('success', text);
    void reload();
  }

  let body: ReactNode;
  if (query.isPending) body = <p aria-busy="true">Loading the case...</p>;
  else if (query.isError) body = <FormMessage kind="error">{query.error.message}</FormMessage>;
  else {
    const summary = view!.case;
    const holder = summary.claimedBy;
    const mine = holder?.id === staffId;
    const open = openStatuses.includes(summary.status);
    const left = timeLeft(summary.dueAt);
    body = (
      <>
        <header className="cv-head">
          <div>
            <h1>{summary.patientName}</h1>
            <p className="console-page__purpose">
              Order {orderNumber(summary.orderId)} · {summary.state} · {drugLabel(summary.drug)} ·{' '}
              {planText(summary)}
            </p>
          </div>
          <div className="cv-head__tags">
            <span className={`cq-status cq-status--${summary.status}`}>
              {statusLabels[summary.status]}
            </span>
            {summary.refillCheckIn && <span className="cq-badge">Refill check-in</span>}
            {summary.adjustmentRequested && <span className="cq-badge">Adjustment requested</span>}
            {open && left && (
              <span className={left.overdue ? 'cq__overdue' : 'cv-due'}>{left.text}</span>
            )}
          </div>
        </header>
        <div className="cv-claim" data-testid="claim-bar">
          {!open ? (
            <p>
              {summary.decidedAt
                ? `Decided ${when(summary.decidedAt)}.`
                : 'This case is not waiting for a decision.'}
            </p>
          ) : mine ? (
            <>
              <p>
                You are reviewing this case.{' '}
                <a href="#cd-panel" className="cv-jump">
                  Go to the decision
                </a>
              </p>
              <Button
                variant="secondary"
                size="small"
                busy={busy === 'release'}
                onClick={() => void act('release')}
              >
                Release
              </Button>
            </>
          ) : (
            <>
              <p>
                {holder
                  ? `${holder.name} is reviewing this case.`
                  : 'Claim the case to decide it. It stays yours until you decide or release it.'}
              </p>
              <Button size="small" busy={busy === 'claim'} onClick={() => void act('claim')}>
                Claim
              </Button>
            </>
          )}
        </div>
        <FormMessage kind="error">{error}</FormMessage>
        <div className={mine && open ? 'cv-layout cv-layout--deciding' : 'cv-layout'}>
          <CaseDetails view={view!} onDone={decided} />
          {mine && open && (
            <aside className="cv-aside">
              <DecisionPanel key={view!.decisions.length} view={view!} onDone={decided} />
            </aside>
          )}
        </div>
      </>
    );
  }

  return (
    <main className="console-page console-page--case" data-console-section="review-queue">
      <Link to="/console/review-queue" className="cv-back">
        ← Review queue
      </Link>
      {body}
      <ToastRegion toasts={toasts} />
    </main>
  );
}
