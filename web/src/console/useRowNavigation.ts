import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The console's keyboard lists (the review queue, the pharmacy's shipments): one row is the
 * current one (tabindex 0); arrow keys or j / k move it, Home and End jump, Enter opens it; j / k
 * anywhere on the page outside a field start at the current row. `tbodySelector` names the
 * list's own body, where its key handler already answers.
 */
export function useRowNavigation(
  count: number,
  tbodySelector: string,
  open: (index: number) => void,
) {
  const [active, setActive] = useState(0);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);
  const moved = useRef(false);

  useEffect(() => {
    if (active >= count) setActive(Math.max(0, count - 1));
  }, [active, count]);

  useEffect(() => {
    if (moved.current) rows.current[active]?.focus();
    moved.current = false;
  }, [active]);

  useEffect(() => {
    function onPageKey(event: globalThis.KeyboardEvent) {
      if (event.key !== 'j' && event.key !== 'k') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.closest('input, textarea, select, [contenteditable="true"]') ||
          target.closest(tbodySelector))
      )
        return;
      event.preventDefault();
      rows.current[active]?.focus();
    }
    document.addEventListener('keydown', onPageKey);
    return () => document.removeEventListener('keydown', onPageKey);
  }, [active, tbodySelector]);

  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    // A link inside a row (a tracking page) keeps its own Enter.
    if (event.target instanceof HTMLAnchorElement) return;
    const step =
      event.key === 'ArrowDown' || event.key === 'j'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'k'
          ? -1
          : 0;
    if (step !== 0) {
      event.preventDefault();
      const next = Math.min(count - 1, Math.max(0, active + step));
      moved.current = true;
      if (next === active) rows.current[next]?.focus();
      setActive(next);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moved.current = true;
      setActive(event.key === 'Home' ? 0 : count - 1);
    } else if (event.key === 'Enter' && active < count) {
      event.preventDefault();
      open(active);
    }
  }

  /** The props of row `index`: its ref, its tab stop, and focus making it current. */
  const rowProps = (index: number) => ({
    ref: (row: HTMLTableRowElement | null) => {
      rows.current[index] = row;
    },
    tabIndex: index === active ? 0 : -1,
    'data-active': index === active || undefined,
    onFocus: (event: { target: EventTarget; currentTarget: EventTarget }) => {
      if (event.target === event.currentTarget) setActive(index);
    },
  });

  return { onKeyDown, rowProps };
}
