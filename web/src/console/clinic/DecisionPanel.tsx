import {
  clinicMessages,
  doseLadders,
  drugs,
  isScheduleWithinLadder,
  maxScheduleMonths,
  maxVials,
  type CaseView,
  type Drug,
} from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, FormMessage, Select, TextArea, useAsyncAction } from '../../ui';
import { approve, askForMore, deny, type RequestKind } from './clinicApi';
import { drugLabel, mg } from './format';
import { defaultDirections, draftFrom, switchDrug, type ScheduleDraft } from './schedule';

type Tab = 'approve' | 'deny' | 'more';

const tabLabels: Record<Tab, string> = { approve: 'Approve', deny: 'Deny', more: 'Ask for more' };

export const requestLabels: Record<RequestKind, { label: string; hint: string }> = {
  message: {
    label: 'Send a message',
    hint: 'The patient reads it and answers; the case stays with you.',
  },
  video: {
    label: 'Require the identity video',
    hint: 'The patient is asked to record and upload the short identity video.',
  },
  visit: {
    label: 'Require a visit',
    hint: 'The order waits until the patient has had a short video visit with a clinician.',
  },
  'visit-missed': {
    label: 'Visit missed',
    hint: 'The patient missed the visit: they are asked to book another one.',
  },
};

/** What a decision did, for the page's toast. */
export type Decided = (text: string) => void;

/** Approve: the medication, the month-by-month schedule on its ladder, vials and directions. */
function ApproveForm({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const orderId = view.case.orderId;
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftFrom(view));
  const [directions, setDirections] = useState(defaultDirections);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const call = useAsyncAction(onDone);
  const ladder = doseLadders[draft.drug];
  const onLadder = isScheduleWithinLadder(draft.drug, draft.months);

  const change = setDraft;

  const setMonth = (index: number, strength: number) =>
    change({ ...draft, months: draft.months.map((m, i) => (i === index ? strength : m)) });

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!onLadder) return call.setError(clinicMessages.scheduleOffLadder);
    if (directions.trim() === '') return call.setError('Write the directions for the patient.');
    const trimmed = note.trim();
    void call.run(
      () =>
        approve(orderId, {
          drug: draft.drug,
          doseSchedule: draft.months,
          maintenanceDose: draft.maintenance,
          directions: directions.trim(),
          vials: draft.vials,
          ...(trimmed ? { note: trimmed } : {}),
        }),
      'Approved. The prescription was sent to the patient.',
    );
  }

  return (
    <form className="cd-form" onSubmit={submit} noValidate aria-label="Approve">
      <Select
        label="Medication"
        value={draft.drug}
        onValueChange={(value) => change(switchDrug(draft, value as Drug))}
      >
        {drugs.map((drug) => (
          <option key={drug} value={drug}>
            {drugLabel(drug)}
          </option>
        ))}
      </Select>
      <fieldset
        className="cd-months"
        aria-describedby={!onLadder ? 'cd-months-error' : undefined}
        aria-invalid={!onLadder || undefined}
      >
        <legend className="field__label">Dose schedule</legend>
        <div className="cd-month-grid">
          {draft.months.map((strength, index) => (
            <Select
              key={index}
              label={`Month ${index + 1}`}
              look="compact"
              value={String(strength)}
              onValueChange={(value) => setMonth(index, Number(value))}
            >
              {ladder.map((s) => (
                <option key={s} value={String(s)}>
                  {mg(s)}
                </option>
              ))}
            </Select>
          ))}
        </div>
        {!onLadder && (
          <p id="cd-months-error" className="field__error" role={tried ? 'alert' : undefined}>
            {clinicMessages.scheduleOffLadder}
          </p>
        )}
        <div className="cd-month-actions">
          {draft.months.length < maxScheduleMonths && (
            <Button
              variant="secondary"
              size="small"
              onClick={() =>
                change({ ...draft, months: [...draft.months, draft.months.at(-1) ?? ladder[0]!] })
              }
            >
              Add a month
            </Button>
          )}
          {draft.months.length > 1 && (
            <Button
              variant="secondary"
              size="small"
              onClick={() => change({ ...draft, months: draft.months.slice(0, -1) })}
            >
              Remove month {draft.months.length}
            </Button>
          )}
        </div>
      </fieldset>
      <div className="cd-pair">
        <Select
          label="Maintenance dose"
          value={draft.maintenance === null ? '' : String(draft.maintenance)}
          onValueChange={(value) =>
            change({ ...draft, maintenance: value === '' ? null : Number(value) })
          }
        >
          <option value="">None</option>
          {ladder.map((s) => (
            <option key={s} value={String(s)}>
              {mg(s)}
            </option>
          ))}
        </Select>
        <Select
          label="Vials"
          value={String(draft.vials)}
          onValueChange={(value) => change({ ...draft, vials: Number(value) })}
        >
          {Array.from({ length: maxVials }, (_, i) => i + 1).map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      <TextArea
        label="Directions"
        hint="Printed on the label and shown to the patient, followed by the month-by-month strengths."
        value={directions}
        maxLength={2000}
        onValueChange={setDirections}
      />
      <TextArea
        label="Note for the record (optional)"
        hint="Kept with the decision; the patient does not see it."
        rows={2}
        value={note}
        maxLength={2000}
        onValueChange={setNote}
      />
      {call.error !== clinicMessages.scheduleOffLadder && (
        <FormMessage kind="error">{call.error}</FormMessage>
      )}
      <Button type="submit" busy={call.busy} busyLabel="Approving...">
        Approve and send the prescription
      </Button>
    </form>
  );
}

/** Deny: the reason, which the patient reads; checkout refunds the order in full. */
function DenyForm({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const call = useAsyncAction(onDone);

  const [confirming, setConfirming] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setMissing(true);
    setMissing(false);
    setConfirming(true);
  }

  function confirm() {
    void call
      .run(
        () => deny(view.case.orderId, reason.trim()),
        'Denied. The patient was told and the order is being refunded.',
      )
      .finally(() => setConfirming(false));
  }

  return (
    <form className="cd-form" onSubmit={submit} noValidate aria-label="Deny">
      <TextArea
        label="Reason"
        hint="Shown to the patient, word for word, on their page. Write it plainly and kindly. The order is refunded in full."
        value={reason}
        maxLength={2000}
        error={missing ? 'Write the reason the patient will read.' : undefined}
        onValueChange={setReason}
      />
      <FormMessage kind="error">{call.error}</FormMessage>
      <Button type="submit" variant="danger" busy={call.busy} busyLabel="Denying...">
        Deny and refund
      </Button>
      {confirming && (
        <Dialog
          role="alertdialog"
          title={`Deny ${view.case.patientName}'s order?`}
          description="The patient reads your reason on their page and is refunded in full. A decision is never changed afterwards."
          busy={call.busy}
          onClose={() => setConfirming(false)}
        >
          <div className="cd-confirm">
            <Button variant="secondary" disabled={call.busy} onClick={() => setConfirming(false)}>
              Go back
            </Button>
            <Button variant="danger" busy={call.busy} busyLabel="Denying..." onClick={confirm}>
              Yes, deny and refund
            </Button>
          </div>
        </Dialog>
      )}
    </form>
  );
}

/** Ask for more: a message, the identity video, a visit, or record a missed visit. */
function RequestForm({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const [kind, setKind] = useState<RequestKind>('message');
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const call = useAsyncAction(onDone);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (message.trim() === '') return setMissing(true);
    setMissing(false);
    void call.run(
      () => askForMore(view.case.orderId, { kind, message: message.trim() }),
      kind === 'visit-missed' ? 'The missed visit was recorded.' : 'Sent to the patient.',
    );
  }

  return (
    <form className="cd-form" onSubmit={submit} noValidate aria-label="Ask for more">
      <fieldset className="cd-kinds">
        <legend className="field__label">What do you need?</legend>
        {(Object.keys(requestLabels) as RequestKind[]).map((k) => (
          <label key={k} className="cd-kind">
            <input
              type="radio"
              name="cd-kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
            />
            <span>
              <span className="cd-kind__label">{requestLabels[k].label}</span>
              <span className="cd-kind__hint">{requestLabels[k].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextArea
        label="Message to the patient"
        value={message}
        maxLength={2000}
        error={missing ? 'Write the message for the patient.' : undefined}
        onValueChange={setMessage}
      />
      <FormMessage kind="error">{call.error}</FormMessage>
      <Button type="submit" busy={call.busy} busyLabel="Sending...">
        {kind === 'visit-missed' ? 'Record the missed visit' : 'Send to the patient'}
      </Button>
    </form>
  );
}

/** The decision panel of a case I hold: approve, deny or ask for more. */
export function DecisionPanel({ view, onDone }: { view: CaseView; onDone: Decided }) {
  const [tab, setTab] = useState<Tab>('approve');
  return (
    <section id="cd-panel" className="cd-panel card" aria-labelledby="cd-panel-title">
      <h2 id="cd-panel-title" className="cd-panel__title">
        Decision
      </h2>
      <div className="cq-tabs cq-tabs--panel" role="tablist" aria-label="Decision">
        {(Object.keys(tabLabels) as Tab[]).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`cd-tab-${t}`}
            aria-selected={t === tab}
            aria-controls="cd-tabpanel"
            className="cq-tabs__tab"
            onClick={() => setTab(t)}
          >
            {tabLabels[t]}
          </button>
        ))}
      </div>
      <div id="cd-tabpanel" role="tabpanel" aria-labelledby={`cd-tab-${tab}`}>
        {tab === 'approve' && <ApproveForm view={view} onDone={onDone} />}
        {tab === 'deny' && <DenyForm view={view} onDone={onDone} />}
        {tab === 'more' && <RequestForm view={view} onDone={onDone} />}
      </div>
    </section>
  );
}
