/** A coupon's changes, newest first: who, when, and each field that moved (before → after). */
import type { CouponChange, CouponInput, CouponView } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, FormMessage } from '../../ui';
import { couponHistoryQuery } from './couponsApi';
import { ChangeList } from './ChangeList';
import { couponFacts } from './couponText';

const fieldNames: Record<keyof CouponInput, string> = {
  code: 'Code',
  amountCents: 'Discount',
  paymentTerms: 'Plans',
  startsAt: 'Starts',
  expiresAt: 'Expires',
  maxUses: 'Uses in all',
  maxUsesPerPatient: 'Uses per patient',
  active: 'Active',
};

function moved(change: CouponChange): string[] {
  const after = couponFacts(change.after);
  if (!change.before) return ['Created'];
  const before = couponFacts(change.before);
  return (Object.keys(fieldNames) as (keyof CouponInput)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => `${fieldNames[key]}: ${before[key]} → ${after[key]}`);
}

export function CouponHistory({ coupon, onClose }: { coupon: CouponView; onClose(): void }) {
  const history = useQuery(couponHistoryQuery(coupon.id));
  return (
    <Dialog title={`History of ${coupon.code}`} onClose={onClose}>
      {history.isPending && <p aria-busy="true">Loading...</p>}
      {history.isError && <FormMessage kind="error">{history.error.message}</FormMessage>}
      {history.data && history.data.length === 0 && (
        <p>No changes recorded: this coupon is older than the console.</p>
      )}
      {history.data && history.data.length > 0 && (
        <ChangeList changes={history.data} moved={moved} />
      )}
      <div className="cc-actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
