/**
 * Saving a versioned setting or coupon from its console form: busy while the call runs;
 * the server's refusals shown under the fields they name, anything else as the form's failure.
 */
import { useState } from 'react';
import { ApiError } from '../../api/client';

type FieldRefusal = { field: string; message: string };

export function useVersionedSave<E extends Partial<Record<string, string>>>(
  /** The refusals the form can show under a field, by its key; the others are dropped. */
  fieldErrors: (fields: readonly FieldRefusal[]) => E,
) {
  const [errors, setErrors] = useState<E>(() => fieldErrors([]));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(call: () => Promise<void>) {
    setFailure(null);
    setErrors(fieldErrors([]));
    setBusy(true);
    try {
      await call();
    } catch (err) {
      const byField = fieldErrors(err instanceof ApiError ? err.fields : []);
      setErrors(byField);
      if (Object.keys(byField).length === 0)
        setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  /** The form's own check refused the draft: its errors, and no earlier failure, show. */
  function refuse(found: E) {
    setFailure(null);
    setErrors(found);
  }

  return { errors, failure, busy, save, refuse };
}
