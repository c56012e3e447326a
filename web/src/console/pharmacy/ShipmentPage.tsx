import {
  carriers,
  normalizeTrackingNumber,
  pauseReasonMax,
  pharmacyMessages,
  supplyOfItem,
  supplyText,
  trackingNumberProblem,
  type Carrier,
  type ShipmentSummary,
  type ShipmentView,
} from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import {
  Button,
  Field,
  FormMessage,
  Select,
  TextArea,
  ToastRegion,
  useAsyncAction,
  useToasts,
} from '../../ui';
import { mg, when } from '../format';
import { addressLines, phoneText, processingText, shipmentStatusLabels, stepText } from './format';
import { deliver, pause, place, ship, shipmentQuery } from './pharmacyApi';
import { ShipmentBadges, Tracking } from './ShipmentTable';
import '../record.css';
import './pharmacy.css';

export type ShipmentSection = 'orders-to-place' | 'shipments';

const sectionLabels: Record<ShipmentSection, string> = {
  'orders-to-place': 'Orders to place',
  shipments: 'Shipments',
};

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="cv-section card" aria-labelledby={`ph-${id}`}>
      <h2 id={`ph-${id}`} className="cv-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An email that breaks, when it must, before its '@' rather than in the middle of a word. */
function emailText(email: string | null): ReactNode {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
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

/** Pause: the reason, emailed to the patient word for word. */
function PauseForm({
  shipmentId,
  onDone,
  onCancel,
}: {
  shipmentId: number;
  onDone(text: string): void;
  onCancel(): void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const step = useAsyncAction(onDone);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setMissing(true);
    setMissing(false);
    void step.run(
      () => pause(shipmentId, reason.trim()),
      'Shipping paused. The patient was emailed the reason.',
      'pause',
    );
  }

  return (
    <form className="cd-form ph-pause" onSubmit={submit} noValidate aria-label="Pause shipping">
      <TextArea
        label="Why is the shipment paused?"
        hint="Emailed to the patient, word for word."
        value={reason}
        maxLength={pauseReasonMax}
        error={missing ? 'Say why the shipment is paused.' : undefined}
        onValueChange={setReason}
      />
      <FormMessage kind="error">{step.error}</FormMessage>
      <div className="ph-actions">
        <Button type="submit" variant="danger" busy={step.busy} busyLabel="Pausing...">
          Pause shipping
        </Button>
        <Button variant="secondary" disabled={step.busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Ship: the carrier and its tracking number, checked against the carrier's format as typed. */
function ShipForm({ shipmentId, onDone }: { shipmentId: number; onDone(text: string): void }) {
  const [carrier, setCarrier] = useState<Carrier | ''>('');
  const [number, setNumber] = useState('');
  const [tried, setTried] = useState(false);
  const step = useAsyncAction(onDone);
  const typed = normalizeTrackingNumber(number);
  const problem = carrier && typed ? trackingNumberProblem(carrier, typed) : null;
  const carrierError = tried && !carrier ? pharmacyMessages.unknownCarrier : undefined;
  const numberError = problem ?? (tried && !typed ? 'Enter the tracking number.' : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!carrier || !typed || problem) return;
    void step.run(
      () => ship(shipmentId, carrier, typed),
      'Shipped. The patient was sent the tracking link.',
      'ship',
    );
  }

  return (
    <form className="cd-form" onSubmit={submit} noValidate aria-label="Ship">
      <Select
        label="Carrier"
        value={carrier}
        error={carrierError}
        onValueChange={(value) => setCarrier(carriers.find((c) => c === value) ?? '')}
      >
        <option value="">Choose a carrier</option>
        {carriers.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </Select>
      <Field
        label="Tracking number"
        hint="FedEx: 12, 15, 20 or 22 digits. UPS: 1Z followed by 16 letters and digits."
        value={number}
        error={numberError}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        onValueChange={setNumber}
      />
      <FormMessage kind="error">{step.error}</FormMessage>
      <Button type="submit" busy={step.busy} busyLabel="Shipping...">
        Ship
      </Button>
    </form>
  );
}

/** What the pharmacist can do with the shipment now, by its status. */
function ActionPanel({
  shipment,
  onDone,
}: {
  shipment: ShipmentSummary;
  onDone(text: string): void;
}) {
  const [pausing, setPausing] = useState(false);
  const step = useAsyncAction(onDone);
  const id = shipment.shipmentId;
  const busy = step.busy;
  const processed = (
    <p className="ph-processed">
      Placed now: processed{' '}
      {processingText({ processingDay: shipment.processingDay, sameDay: shipment.sameDay })}.
    </p>
  );
  const pauseBlock = pausing ? (
    <PauseForm shipmentId={id} onDone={onDone} onCancel={() => setPausing(false)} />
  ) : (
    <Button variant="secondary" disabled={busy} onClick={() => setPausing(true)}>
      Pause
    </Button>
  );

  let content: ReactNode;
  switch (shipment.status) {
    case 'awaiting_check_in':
      content = <p className="ph-note">{pharmacyMessages.waitingForCheckIn}</p>;
      break;
    case 'prescription_received':
      content = (
        <>
          {processed}
          <Button
            busy={step.running === 'place'}
            busyLabel="Placing..."
            disabled={busy}
            onClick={() =>
              void step.run(() => place(id), 'Order placed. The patient was told when.', 'place')
            }
          >
            Place order
          </Button>
          {pauseBlock}
        </>
      );
      break;
    case 'shipping_paused':
      content = (
        <>
          <p className="ph-note">Shipping is paused. Resuming places the order again.</p>
          {processed}
          <Button
            busy={step.running === 'place'}
            busyLabel="Placing..."
            onClick={() =>
              void step.run(() => place(id), 'Resumed: the order is placed again.', 'place')
            }
          >
            Resume and place order
          </Button>
        </>
      );
      break;
    case 'order_placed':
      content = (
        <>
          <ShipForm shipmentId={id} onDone={onDone} />
          <hr className="ph-rule" />
          {pauseBlock}
        </>
      );
      break;
    case 'order_shipped':
      content = (
        <>
          <p className="ph-note">
            Shipped with <Tracking shipment={shipment} />.
          </p>
          <Button
            busy={step.running === 'deliver'}
            busyLabel="Saving..."
            onClick={() =>
              void step.run(
                () => deliver(id),
                'Marked delivered. The 7-day reship window has started.',
                'deliver',
              )
            }
          >
            Mark delivered
          </Button>
        </>
      );
      break;
    case 'order_delivered':
      content = (
        <p className="ph-note">
          Delivered. The patient may ask for a replacement within 7 days of delivery.
        </p>
      );
      break;
  }

  return (
    <section
      id="ph-panel-actions"
      className="cd-panel card ph-panel"
      aria-labelledby="ph-panel-title"
    >
      <h2 id="ph-panel-title" className="cd-panel__title">
        {shipmentStatusLabels[shipment.status]}
      </h2>
      <div className="ph-panel__body">
        {content}
        <FormMessage kind="error">{step.error}</FormMessage>
      </div>
    </section>
  );
}

const schedule = (months: readonly number[]) =>
  months.length === 0 ? '—' : months.map((m, i) => `Month ${i + 1}: ${mg(m)}`).join(' · ');

function ShipmentDetails({ view }: { view: ShipmentView }) {
  const { patient, address } = view;
  return (
    <div className="cv-details">
      <Section title="Patient" id="patient">
        <Facts
          rows={[
            ['Name', patient.name],
            [
              'Phone',
              patient.phone ? (
                <a href={`tel:${patient.phone}`}>{phoneText(patient.phone)}</a>
              ) : null,
            ],
            ['Email', emailText(patient.email)],
          ]}
        />
      </Section>
      <Section title="Shipping address" id="address">
        {address ? (
          <address className="ph-address" data-testid="address">
            {addressLines(address).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        ) : (
          <p className="ph-warning" role="note">
            {pharmacyMessages.noAddress}
          </p>
        )}
      </Section>
      <Section title="Items" id="items">
        {view.items.length === 0 ? (
          <p className="cv-none">No items.</p>
        ) : (
          <ul className="cv-list">
            {view.items.map((item, index) => {
              // The prescription's vials in the words the patient's Dosage tab uses, so the
              // header's count (this shipment's) and the item's (the whole plan's) read as one.
              const supply = supplyOfItem(item.name);
              return (
                <li key={`${item.name}-${index}`} className="ph-item">
                  <p className="ph-item__name">
                    {supply.name}
                    {supply.vials !== null && (
                      <span className="ph-item__supply"> · {supplyText(supply.vials)}</span>
                    )}
                  </p>
                  <p className="ph-item__directions">{item.directions}</p>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      <Section title="Dose schedule" id="schedule">
        <p className="ph-schedule">{schedule(view.doseSchedule)}</p>
      </Section>
      <Section title="History" id="history">
        {view.history.length === 0 ? (
          <p className="cv-none">Nothing yet.</p>
        ) : (
          <ol className="cv-list cv-history">
            {view.history.map((h, index) => (
              <li key={index}>
                <strong>{stepText(h.step)}</strong>
                {h.by ? ` by ${h.by}` : ''}, {when(h.at)}
                {h.note && <blockquote className="cv-quote">{h.note}</blockquote>}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}

/**
 * /console/orders-to-place/{id} and /console/shipments/{id}: one shipment as the pharmacist
 * fills it, and beside it what can be done now (place, pause, ship, mark delivered). Every step
 * reloads the shipment and says what happened in a toast; a refusal shows the server's words.
 */
export function ShipmentPage({
  shipmentId,
  section,
}: {
  shipmentId: number;
  section: ShipmentSection;
}) {
  const client = useQueryClient();
  const query = useQuery(shipmentQuery(shipmentId));
  const { toasts, show } = useToasts();
  const view = query.data;
  usePageTitle(
    view
      ? `${view.patient.name} · ${sectionLabels[section]}`
      : `Shipment · ${sectionLabels[section]}`,
  );

  function done(text: string) {
    show('success', text);
    void client.invalidateQueries({ queryKey: ['pharmacy-shipments'] });
    void query.refetch();
  }

  let body: ReactNode;
  if (query.isPending) body = <p aria-busy="true">Loading the shipment...</p>;
  else if (query.isError) body = <FormMessage kind="error">{query.error.message}</FormMessage>;
  else {
    const shipment = view!.shipment;
    body = (
      <>
        <header className="cv-head">
          <div>
            <h1>{view!.patient.name}</h1>
            <p className="console-page__purpose">
              Order {shipment.orderNumber} · {shipment.medName} · {shipment.vials}{' '}
              {shipment.vials === 1 ? 'vial' : 'vials'}
              {shipment.state ? ` · ${shipment.state}` : ''}
            </p>
          </div>
          <div className="cv-head__tags">
            <span className={`cq-status ph-status ph-status--${shipment.status}`}>
              {shipmentStatusLabels[shipment.status]}
            </span>
            <ShipmentBadges shipment={shipment} />
          </div>
        </header>
        <div className="cv-layout cv-layout--deciding ph-layout">
          <ShipmentDetails view={view!} />
          <aside className="cv-aside">
            <ActionPanel
              key={`${shipment.status}-${shipment.updatedAt}`}
              shipment={shipment}
              onDone={done}
            />
          </aside>
        </div>
      </>
    );
  }

  return (
    <main className="console-page console-page--case" data-console-section={section}>
      <Link to={`/console/${section}`} className="cv-back">
        ← {sectionLabels[section]}
      </Link>
      {body}
      <ToastRegion toasts={toasts} />
    </main>
  );
}
