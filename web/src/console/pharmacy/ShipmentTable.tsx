import { trackingUrl, type ShipmentSummary } from '@clinic/contracts';
import { when } from '../format';
import { useRowNavigation } from '../useRowNavigation';
import { coldChainText, kindLabels, shipmentStatusLabels, waited } from './format';

/** The badges of a shipment: its kind (refill, reship) and the cold chain. */
export function ShipmentBadges({ shipment }: { shipment: ShipmentSummary }) {
  const kind = kindLabels[shipment.kind];
  return (
    <>
      {kind && <span className={`ph-kind ph-kind--${shipment.kind}`}>{kind}</span>}
      {shipment.coldChain && <span className="ph-cold">{coldChainText}</span>}
    </>
  );
}

/** The carrier and its tracking link, or a dash. */
export function Tracking({ shipment }: { shipment: ShipmentSummary }) {
  if (!shipment.trackingNumber) return <>—</>;
  return (
    <>
      <span className="ph-carrier">{shipment.carrier}</span>{' '}
      <a
        href={trackingUrl(shipment.carrier, shipment.trackingNumber)}
        target="_blank"
        rel="noopener noreferrer"
        className="ph-tracking"
        onClick={(event) => event.stopPropagation()}
      >
        {shipment.trackingNumber}
      </a>
    </>
  );
}

/**
 * The shipments of a step, one row each. Arrow keys or j / k move through the rows, Enter (or a
 * click) opens one, like the review queue. `placing` shows how long each has waited and its
 * readiness; otherwise its status, carrier and tracking link and last change. On a tablet
 * each row folds into a short card.
 */
export function ShipmentTable({
  shipments,
  placing,
  onOpen,
  label,
}: {
  shipments: readonly ShipmentSummary[];
  placing: boolean;
  onOpen(shipmentId: number): void;
  label: string;
}) {
  const now = Date.now();
  const { onKeyDown, rowProps } = useRowNavigation(shipments.length, '.ph-table tbody', (index) =>
    onOpen(shipments[index]!.shipmentId),
  );

  return (
    <div className="console-table-wrap ph-wrap">
      <table className="console-table ph-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Patient</th>
            <th scope="col">Medication</th>
            <th scope="col">{placing ? 'Kind' : 'Status'}</th>
            <th scope="col">{placing ? 'Waiting' : 'Tracking'}</th>
            <th scope="col">{placing ? 'Ready since' : 'Updated'}</th>
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {shipments.map((shipment, index) => (
            <tr
              key={shipment.shipmentId}
              {...rowProps(index)}
              className="ph-row"
              data-shipment-id={shipment.shipmentId}
              onClick={() => onOpen(shipment.shipmentId)}
            >
              <th scope="row" className="ph-row__patient">
                <span className="ph-row__name">{shipment.patientName}</span>
                <span className="ph-row__sub">
                  Order {shipment.orderNumber}
                  {shipment.state ? ` · ${shipment.state}` : ''}
                </span>
              </th>
              <td className="ph-row__med">
                {shipment.medName}
                <span className="ph-row__sub">
                  {shipment.vials} {shipment.vials === 1 ? 'vial' : 'vials'}
                </span>
              </td>
              <td className="ph-row__tags">
                {!placing && (
                  <span className={`cq-status ph-status ph-status--${shipment.status}`}>
                    {shipmentStatusLabels[shipment.status]}
                  </span>
                )}
                <ShipmentBadges shipment={shipment} />
              </td>
              <td className="ph-row__when">
                {placing ? waited(shipment.readyAt, now) : <Tracking shipment={shipment} />}
              </td>
              <td className="ph-row__day">
                {when(placing ? shipment.readyAt : shipment.updatedAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
