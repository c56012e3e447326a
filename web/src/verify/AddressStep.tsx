/**
 * Step 0 of /verify (spec 000 section 4): the stored address is checked on arrival; a good one
 * passes straight on, otherwise the patient takes the validator's suggestion or types the
 * address, which is checked again before it is saved (useAddressStep).
 */
import { AddressForm, AddressSuggestion } from './AddressViews';
import { useAddressStep } from './useAddressStep';

interface Props {
  userId: string | number;
  /** The address is good (as stored, or saved here): on to the phone. */
  onDone(): void;
}

export function AddressStep({ userId, onDone }: Props) {
  const step = useAddressStep(userId, onDone);
  const { view, suggestion, form, note, locked } = step;
  const entered = view === 'suggestion' && form.address_line_1 !== '' ? form : null;

  return (
    <section
      className="card verify__card"
      aria-labelledby="verify-title"
      data-step="address"
      data-screen={view}
    >
      <h1 id="verify-title" className="verify__title">
        Confirm your shipping address
      </h1>

      {view === 'checking' && (
        <p className="verify__lead" role="status">
          Checking your address...
        </p>
      )}

      {view === 'suggestion' && suggestion && (
        <AddressSuggestion
          suggestion={suggestion}
          entered={entered}
          note={note}
          locked={locked}
          onUse={() => void step.save(suggestion)}
          onEnterDifferent={step.enterDifferent}
        />
      )}

      {view === 'form' && (
        <AddressForm
          form={form}
          fieldErrors={step.fieldErrors}
          note={note}
          intro={step.intro}
          locked={locked}
          formRef={step.formRef}
          onChange={step.set}
          onSubmit={step.submit}
        />
      )}
    </section>
  );
}
