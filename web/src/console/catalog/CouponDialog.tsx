/**
 * Creating or changing a coupon in a dialog: every field of the coupon, checked here for what
 * the browser can tell (a number where a number goes) and by the server for the rest; each
 * refusal is shown under its field, one without a field above the buttons.
 */
import { paymentTermLabels, paymentTerms, type CouponView } from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, Field, FormMessage } from '../../ui';
import { saveCoupon } from './couponsApi';
import { useVersionedSave } from './useVersionedSave';
import { draftOf, emptyDraft, inputOf, serverErrors, type CouponDraft } from './couponForm';

interface Props {
  /** The coupon to change, or null for a new one. */
  editing: CouponView | null;
  onClose(): void;
  onSaved(coupon: CouponView): void;
}

export function CouponDialog({ editing, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<CouponDraft>(editing ? draftOf(editing) : emptyDraft);
  const { errors, failure, busy, save, refuse } = useVersionedSave(serverErrors);
  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = inputOf(draft);
    if (checked.errors) return refuse(checked.errors);
    await save(async () => onSaved(await saveCoupon(checked.input, editing)));
  }

  const toggleTerm = (term: (typeof paymentTerms)[number], on: boolean) =>
    set('terms', on ? [...draft.terms, term] : draft.terms.filter((t) => t !== term));

  return (
    <Dialog
      title={editing ? `Change ${editing.code}` : 'New coupon'}
      description="Payments already made keep the discount they had."
      busy={busy}
      onClose={onClose}
    >
      <form
        className="cc-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={editing ? 'Change the coupon' : 'New coupon'}
      >
        <Field
          label="Code"
          hint="What patients type at checkout. Letters, digits, - and _."
          value={draft.code}
          error={errors.code}
          autoCapitalize="characters"
          autoComplete="off"
          onValueChange={(v) => set('code', v)}
        />
        <Field
          label="Discount in dollars"
          hint="Taken off the first payment."
          inputMode="decimal"
          value={draft.amount}
          error={errors.amount}
          onValueChange={(v) => set('amount', v)}
        />
        <fieldset className="cc-terms" aria-describedby="cc-terms-hint">
          <legend className="field__label">Payment plans</legend>
          <p id="cc-terms-hint" className="field__hint">
            None ticked: every plan.
          </p>
          {paymentTerms.map((term) => (
            <Checkbox
              key={term}
              label={paymentTermLabels[term].name}
              checked={draft.terms.includes(term)}
              onCheckedChange={(on) => toggleTerm(term, on)}
            />
          ))}
          {errors.terms && <p className="field__error">{errors.terms}</p>}
        </fieldset>
        <div className="cc-pair">
          <Field
            label="Starts"
            hint="Empty: at once."
            type="datetime-local"
            value={draft.starts}
            error={errors.starts}
            onValueChange={(v) => set('starts', v)}
          />
          <Field
            label="Expires"
            hint="Empty: never."
            type="datetime-local"
            value={draft.expires}
            error={errors.expires}
            onValueChange={(v) => set('expires', v)}
          />
        </div>
        <div className="cc-pair">
          <Field
            label="Uses in all"
            hint="Empty: no limit."
            inputMode="numeric"
            value={draft.maxUses}
            error={errors.maxUses}
            onValueChange={(v) => set('maxUses', v)}
          />
          <Field
            label="Uses per patient"
            hint="Empty: no limit."
            inputMode="numeric"
            value={draft.maxUsesPerPatient}
            error={errors.maxUsesPerPatient}
            onValueChange={(v) => set('maxUsesPerPatient', v)}
          />
        </div>
        <Checkbox
          label="Active: patients can use it"
          checked={draft.active}
          onCheckedChange={(on) => set('active', on)}
        />
        <FormMessage kind="error">{failure}</FormMessage>
        <div className="cc-actions">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel="Saving...">
            {editing ? 'Save changes' : 'Create coupon'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
