import { useCallback, useEffect, useRef, useState } from 'react';
import { loadBillingLists, type BillingLists } from './billingApi';

export type Lists = { kind: 'loading' } | { kind: 'failed' } | ({ kind: 'ready' } & BillingLists);

/**
 * The Billing tab's two lists (subscriptions and transactions), loaded on mount. `load(true)` is
 * a first load (shows loading, then the failure); `load(false)` refreshes after a change and
 * keeps what is shown if it fails. A newer load wins over an older one still running.
 */
export function useBillingLists() {
  const [lists, setLists] = useState<Lists>({ kind: 'loading' });
  const loadSeq = useRef(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = useCallback(async (initial: boolean) => {
    const seq = ++loadSeq.current;
    if (initial) setLists({ kind: 'loading' });
    try {
      const loaded = await loadBillingLists();
      if (mounted.current && seq === loadSeq.current) setLists({ kind: 'ready', ...loaded });
    } catch {
      // A reload after a change keeps what is shown; only a first load shows the failure.
      if (mounted.current && seq === loadSeq.current && initial) setLists({ kind: 'failed' });
    }
  }, []);

  useEffect(() => {
    void load(true);
  }, [load]);

  return { lists, load, mounted };
}
