/**
 * /console/coupons (admins): every coupon with its discount, plans, dates and uses, newest first;
 * a new coupon and each change in a dialog (CouponDialog), each coupon's history in another.
 * A coupon saved here is what the very next checkout applies.
 */
import type { ConsoleSection, CouponView } from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { Button, FormMessage, ToastRegion, useToasts } from '../../ui';
import { ConsoleEmpty } from '../ConsoleEmpty';
import type { SectionCopy } from '../sections';
import { CouponDialog } from './CouponDialog';
import { CouponHistory } from './CouponHistory';
import { couponsKey, couponsQuery } from './couponsApi';
import { couponFacts } from './couponText';

/** Whether patients can use it now, and if not why. */
function standing(c: CouponView, now: number): { label: string; live: boolean } {
  if (!c.active) return { label: 'Paused', live: false };
  if (c.startsAt && Date.parse(c.startsAt) > now) return { label: 'Not started', live: false };
  if (c.expiresAt && Date.parse(c.expiresAt) <= now) return { label: 'Expired', live: false };
  if (c.maxUses !== null && c.uses >= c.maxUses) return { label: 'Used up', live: false };
  return { label: 'Active', live: true };
}

function CouponCard({
  coupon,
  onEdit,
  onHistory,
}: {
  coupon: CouponView;
  onEdit(): void;
  onHistory(): void;
}) {
  const facts = couponFacts(coupon);
  const state = standing(coupon, Date.now());
  return (
    <li className="cc-card" data-coupon={coupon.code}>
      <div className="cc-card__head">
        <h2 className="cc-card__code">{coupon.code}</h2>
        <span className={`cc-state${state.live ? ' cc-state--live' : ''}`}>{state.label}</span>
      </div>
      <dl className="cc-facts">
        <div>
          <dt>Discount</dt>
          <dd>{facts.amountCents}</dd>
        </div>
        <div>
          <dt>Plans</dt>
          <dd>{facts.paymentTerms}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{facts.startsAt}</dd>
        </div>
        <div>
          <dt>Until</dt>
          <dd>{facts.expiresAt}</dd>
        </div>
        <div>
          <dt>Used</dt>
          <dd>
            {coupon.maxUses === null
              ? `${coupon.uses}, no limit`
              : `${coupon.uses} of ${coupon.maxUses}`}
            {coupon.maxUsesPerPatient !== null &&
              `, at most ${coupon.maxUsesPerPatient} per patient`}
          </dd>
        </div>
      </dl>
      <div className="cc-card__actions">
        <Button variant="secondary" size="small" onClick={onEdit}>
          Change {coupon.code}
        </Button>
        <Button variant="secondary" size="small" onClick={onHistory}>
          History
        </Button>
      </div>
    </li>
  );
}

export function CouponsPage({ section, copy }: { section: ConsoleSection; copy: SectionCopy }) {
  usePageTitle(`${section.label} · Staff console`);
  const list = useQuery(couponsQuery());
  const queryClient = useQueryClient();
  const { toasts, show } = useToasts();
  // The dialog open: a new coupon ('new'), a change, or a history.
  const [editing, setEditing] = useState<CouponView | 'new' | null>(null);
  const [history, setHistory] = useState<CouponView | null>(null);

  function onSaved(coupon: CouponView) {
    const created = editing === 'new';
    setEditing(null);
    show('success', created ? `${coupon.code} is ready to use.` : `${coupon.code} is saved.`);
    void queryClient.invalidateQueries({ queryKey: couponsKey });
  }

  let body;
  if (list.isPending)
    body = (
      <p className="console-page__purpose" aria-busy="true">
        Loading coupons...
      </p>
    );
  else if (list.isError) body = <FormMessage kind="error">{list.error.message}</FormMessage>;
  else if (list.data.length === 0)
    body = <ConsoleEmpty icon="ticket" title={copy.emptyTitle} text={copy.empty} />;
  else
    body = (
      <ul className="cc-list" aria-label="Coupons">
        {list.data.map((coupon) => (
          <CouponCard
            key={coupon.id}
            coupon={coupon}
            onEdit={() => setEditing(coupon)}
            onHistory={() => setHistory(coupon)}
          />
        ))}
      </ul>
    );

  return (
    <main className="console-page console-page--wide" data-console-section={section.key}>
      <header className="console-page__head cc-head">
        <div>
          <h1>{section.label}</h1>
          <p className="console-page__purpose">{copy.purpose}</p>
        </div>
        <Button onClick={() => setEditing('new')}>New coupon</Button>
      </header>
      {body}
      {editing && (
        <CouponDialog
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
      {history && <CouponHistory coupon={history} onClose={() => setHistory(null)} />}
      <ToastRegion toasts={toasts} />
    </main>
  );
}
