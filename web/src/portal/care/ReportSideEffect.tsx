/**
 * The "Report a side effect" button of the "This week" card, of the Dosage tab's dose log and of
 * the refill check-in (RefillSideEffects): it downloads the form on the first tap (SideEffectForm,
 * a chunk of its own, so none of them grows by it) and shows it in its place; Cancel or Done bring
 * the button back. A download that fails says so and the button stays, to try again.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, FormMessage } from '../../ui';
import type { SideEffectFormProps } from './SideEffectForm';
import { thisWeekQuery } from './careApi';
import { careTexts } from './careTexts';

type Form = ComponentType<SideEffectFormProps>;

let loading: Promise<Form> | undefined;

/** The form's module, downloaded once; a failed download is tried again on the next tap. */
function loadForm(): Promise<Form> {
  loading ??= import('./SideEffectForm').then(
    (module) => module.SideEffectForm,
    (failure: unknown) => {
      loading = undefined;
      throw failure;
    },
  );
  return loading;
}

export function ReportSideEffect({
  orderId,
  level,
}: {
  orderId: number;
  level?: SideEffectFormProps['level'];
}) {
  const [Form, setForm] = useState<Form | null>(null);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const [closed, setClosed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Back from the form: the focus returns to the button that opened it.
  useEffect(() => {
    if (closed) buttonRef.current?.focus();
  }, [closed]);

  const open = async () => {
    setOpening(true);
    setFailed(false);
    try {
      const loaded = await loadForm();
      setForm(() => loaded);
      setClosed(false);
    } catch {
      setFailed(true);
    } finally {
      setOpening(false);
    }
  };

  if (Form)
    return (
      <Form
        orderId={orderId}
        level={level}
        onDone={() => {
          setForm(null);
          setClosed(true);
        }}
      />
    );
  return (
    <div className="care-effect-open">
      <Button
        ref={buttonRef}
        variant="secondary"
        className="care-effect-open__button"
        busy={opening}
        busyLabel={careTexts.openingReport}
        onClick={() => void open()}
      >
        {careTexts.reportSideEffect}
      </Button>
      <FormMessage kind="error">{failed ? careTexts.reportUnavailable : null}</FormMessage>
    </div>
  );
}

/** The button for the order of the "This week" card (its query), or nothing without one. */
export function ReportSideEffectOnCurrentOrder({
  level,
}: {
  level?: SideEffectFormProps['level'];
}) {
  const { data: week } = useQuery(thisWeekQuery);
  if (!week || week.order_id === null) return null;
  return <ReportSideEffect orderId={week.order_id} level={level} />;
}
