import { pauseReasonMax, type ReshipRequest } from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { Button, Dialog, FormMessage, TextArea, ToastRegion, useToasts } from '../../ui';
import { when } from '../format';
import { ConsoleEmpty } from '../ConsoleEmpty';
import { approve, evidenceUrl, refuse, reshipsQuery, type ReshipFilter } from './pharmacyApi';
import { shipmentPath } from './ShipmentListPages';
import '../record.css';
import './pharmacy.css';

const filters: readonly ReshipFilter[] = ['waiting', 'decided'];
const filterLabels: Record<ReshipFilter, string> = { waiting: 'Waiting', decided: 'Decided' };

/** The replacement shipment an approval created, ready to place, by its order number. */
function ReplacementLink({ reship }: { reship: ReshipRequest }) {
  if (reship.newShipmentId === null) return null;
  return (
    <Link to={shipmentPath('orders-to-place', reship.newShipmentId)} className="ph-replacement">
      Replacement: order {reship.newOrderNumber ?? reship.orderNumber}
    </Link>
  );
}

/** The request's photo, through a short-lived signed URL. */
function Photo({ reship }: { reship: ReshipRequest }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!reship.hasImage) return <span className="cv-none">No photo</span>;

  async function open() {
    setBusy(true);
    setError(null);
    try {
      setUrl(await evidenceUrl(reship.reshipId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        size="small"
        busy={busy}
        busyLabel="Opening..."
        onClick={() => void open()}
      >
        View photo
      </Button>
      <FormMessage kind="error">{error}</FormMessage>
      {url && (
        <Dialog
          title={`${reship.patientName}'s photo`}
          description={`Order ${reship.orderNumber}. The link expires in a few minutes.`}
          className="ph-photo"
          onClose={() => setUrl(null)}
        >
          <img src={url} alt={`Photo sent with the request for order ${reship.orderNumber}`} />
          <div className="ph-actions ph-actions--end">
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="button button--secondary"
            >
              Open full size
            </a>
            <Button onClick={() => setUrl(null)}>Close</Button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** Refuse: the reason, emailed to the patient. */
function RefuseDialog({
  reship,
  onClose,
  onRefused,
}: {
  reship: ReshipRequest;
  onClose(): void;
  onRefused(reship: ReshipRequest): void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setMissing(true);
    setMissing(false);
    setBusy(true);
    setError(null);
    try {
      onRefused(await refuse(reship.reshipId, reason.trim()));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Refuse ${reship.patientName}'s request?`}
      description="Your reason is emailed to the patient, word for word."
      busy={busy}
      onClose={onClose}
    >
      <form
        className="cd-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Refuse"
      >
        <TextArea
          label="Reason"
          value={reason}
          maxLength={pauseReasonMax}
          error={missing ? 'Say why the request is refused.' : undefined}
          onValueChange={setReason}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <div className="ph-actions ph-actions--end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Go back
          </Button>
          <Button type="submit" variant="danger" busy={busy} busyLabel="Refusing...">
            Refuse and email the patient
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** One request: who, which order and items, why, when; and on a waiting one the decision. */
function ReshipCard({
  reship,
  onDecided,
}: {
  reship: ReshipRequest;
  onDecided(reship: ReshipRequest): void;
}) {
  const [approving, setApproving] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onApprove() {
    setApproving(true);
    setError(null);
    try {
      onDecided(await approve(reship.reshipId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setApproving(false);
    }
  }

  return (
    <li className="ph-reship card" data-reship-id={reship.reshipId}>
      <div className="ph-reship__head">
        <div>
          <h2 className="ph-reship__name">{reship.patientName}</h2>
          <p className="ph-row__sub">Order {reship.orderNumber}</p>
        </div>
        {reship.status !== 'waiting' && (
          <span className={`cq-status ph-decision ph-decision--${reship.status}`}>
            {reship.status === 'approved' ? 'Approved' : 'Refused'}
          </span>
        )}
      </div>
      <dl className="cv-facts ph-reship__facts">
        <div className="cv-facts__row">
          <dt>Items</dt>
          <dd>
            <ul className="ph-reship__items">
              {reship.items.map((item) => (
                <li key={`${item.id}-${item.name}`}>{item.name}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="cv-facts__row">
          <dt>Reason</dt>
          <dd className="ph-reship__reason">{reship.reason}</dd>
        </div>
        <div className="cv-facts__row">
          <dt>Delivered</dt>
          <dd>{when(reship.deliveredAt)}</dd>
        </div>
        <div className="cv-facts__row">
          <dt>Requested</dt>
          <dd>{when(reship.requestedAt)}</dd>
        </div>
        {reship.status !== 'waiting' && (
          <div className="cv-facts__row">
            <dt>Decided</dt>
            <dd>
              {reship.decidedBy ? `${reship.decidedBy}, ` : ''}
              {when(reship.decidedAt)}
            </dd>
          </div>
        )}
        {reship.refusalReason && (
          <div className="cv-facts__row">
            <dt>Refused because</dt>
            <dd className="ph-reship__reason">{reship.refusalReason}</dd>
          </div>
        )}
      </dl>
      <div className="ph-actions">
        <Photo reship={reship} />
        <ReplacementLink reship={reship} />
        {reship.status === 'waiting' && (
          <>
            <Button
              className="ph-actions__push"
              busy={approving}
              busyLabel="Approving..."
              disabled={refusing}
              onClick={() => void onApprove()}
            >
              Approve
            </Button>
            <Button variant="danger" disabled={approving} onClick={() => setRefusing(true)}>
              Refuse
            </Button>
          </>
        )}
      </div>
      <FormMessage kind="error">{error}</FormMessage>
      {refusing && (
        <RefuseDialog
          reship={reship}
          onClose={() => setRefusing(false)}
          onRefused={(decided) => {
            setRefusing(false);
            onDecided(decided);
          }}
        />
      )}
    </li>
  );
}

function ReshipList({
  filter,
  onDecided,
}: {
  filter: ReshipFilter;
  onDecided(reship: ReshipRequest): void;
}) {
  const list = useQuery(reshipsQuery(filter));
  if (list.isPending)
    return (
      <p className="console-page__purpose" aria-busy="true">
        Loading requests...
      </p>
    );
  if (list.isError) return <FormMessage kind="error">{list.error.message}</FormMessage>;
  if (list.data.length === 0)
    return filter === 'waiting' ? (
      <ConsoleEmpty
        icon="refresh"
        title="No reship requests"
        text="Reship requests from patients will appear here."
      />
    ) : (
      <ConsoleEmpty
        icon="refresh"
        title="No decisions yet"
        text="Requests you approve or refuse appear here, newest first."
      />
    );
  const shown =
    filter === 'waiting'
      ? [...list.data].sort((a, b) => Date.parse(a.requestedAt) - Date.parse(b.requestedAt))
      : list.data;
  return (
    <ul className="ph-reships" aria-label={`${filterLabels[filter]} requests`}>
      {shown.map((reship) => (
        <ReshipCard key={reship.reshipId} reship={reship} onDecided={onDecided} />
      ))}
    </ul>
  );
}

/**
 * /console/reships: the patients' requests to replace missing or damaged items, waiting (oldest
 * first) and decided. Approving creates a replacement shipment, ready to place (linked here);
 * refusing emails the patient the reason.
 */
export function ReshipsPage() {
  usePageTitle('Reships · Staff console');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('filter');
  const filter = filters.find((f) => f === asked) ?? 'waiting';
  const { toasts, show } = useToasts();
  const [last, setLast] = useState<ReshipRequest | null>(null);

  function decided(reship: ReshipRequest) {
    setLast(reship);
    show(
      'success',
      reship.status === 'approved'
        ? 'Approved. A replacement shipment is ready to place.'
        : 'Refused. The patient was emailed the reason.',
    );
    void client.invalidateQueries({ queryKey: ['pharmacy-reships'] });
    void client.invalidateQueries({ queryKey: ['pharmacy-shipments'] });
  }

  return (
    <main className="console-page console-page--wide" data-console-section="reships">
      <header className="console-page__head">
        <h1>Reships</h1>
        <p className="console-page__purpose">
          Handle requests to replace missing or damaged items, made within 7 days of delivery.
        </p>
      </header>
      {last && (
        <div className="ph-last" data-testid="last-decision">
          {last.status === 'approved' ? (
            <p>
              Approved {last.patientName}&apos;s request for order {last.orderNumber}.{' '}
              <ReplacementLink reship={last} />
            </p>
          ) : (
            <p>
              Refused {last.patientName}&apos;s request for order {last.orderNumber}. The patient
              was emailed your reason.
            </p>
          )}
          <Button variant="secondary" size="small" onClick={() => setLast(null)}>
            Dismiss
          </Button>
        </div>
      )}
      <div className="cq-tabs" role="tablist" aria-label="Reship requests">
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            id={`ph-reship-tab-${f}`}
            aria-selected={f === filter}
            aria-controls="ph-reship-panel"
            className="cq-tabs__tab"
            onClick={() => setParams(f === 'waiting' ? {} : { filter: f }, { replace: true })}
          >
            {filterLabels[f]}
          </button>
        ))}
      </div>
      <div id="ph-reship-panel" role="tabpanel" aria-labelledby={`ph-reship-tab-${filter}`}>
        <ReshipList key={filter} filter={filter} onDecided={decided} />
      </div>
      <ToastRegion toasts={toasts} />
    </main>
  );
}
