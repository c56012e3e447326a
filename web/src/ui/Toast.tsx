import { useCallback, useEffect, useRef, useState } from 'react';
import './Toast.css';

/** How long a toast stays (spec 001: toast messages; the brief: 3 seconds). */
export const TOAST_MS = 3000;

export type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Toasts that remove themselves after TOAST_MS. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const show = useCallback((kind: ToastKind, text: string) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, kind, text }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, TOAST_MS);
    timers.current.add(timer);
  }, []);

  return { toasts, show };
}

/** The toasts, bottom of the screen; each one is a polite live region (role="status"). */
export function ToastRegion({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={`toast toast--${toast.kind}`}
          data-toast={toast.kind}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
