/**
 * "Find an order" (issue 26): staff type an order number however they have it ("#1042", "1042",
 * "GLP-1042", a refill's "#1042 (refill 2)") and the list beneath shows that order alone until
 * they choose "Show all". What was asked stays in the page's address (?number=), so a reload or
 * a shared link shows the same; text that is no order number is refused here, with the hint,
 * before any call (the server refuses it too).
 */
import { orderIdFromNumber, orderNumber, orderNumberHint } from '@clinic/contracts';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Field, FormMessage } from '../ui';
import './order-search.css';

const PARAM = 'number';

export interface OrderSearchState {
  /** What was searched, as typed; null while the page lists everything. */
  typed: string | null;
  /** The order it names, or null (nothing searched, or not an order number). */
  orderId: number | null;
  search(typed: string): void;
  clear(): void;
}

/** The page's search, read from and written to its address. */
export function useOrderSearch(): OrderSearchState {
  const [params, setParams] = useSearchParams();
  const typed = params.get(PARAM);
  const change = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(PARAM);
      else next.set(PARAM, value);
      return next;
    });
  return {
    typed,
    orderId: typed === null ? null : orderIdFromNumber(typed),
    search: (value) => change(value.trim()),
    clear: () => change(null),
  };
}

/** The search box, and "Show all" while a search is shown. */
export function OrderSearch({
  state,
  label = 'Find an order',
}: {
  state: OrderSearchState;
  label?: string;
}) {
  const [value, setValue] = useState(state.typed ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (orderIdFromNumber(value) === null) return setError(orderNumberHint);
    setError(null);
    state.search(value);
  }

  return (
    <form className="order-search" role="search" aria-label={label} onSubmit={submit} noValidate>
      <Field
        look="compact"
        className="order-search__field"
        label={label}
        placeholder="#1042"
        autoComplete="off"
        spellCheck={false}
        value={value}
        error={error ?? undefined}
        onValueChange={(typed) => {
          setValue(typed);
          if (error) setError(null);
        }}
      />
      <div className="order-search__actions">
        <Button type="submit" size="small">
          Find
        </Button>
        {state.typed !== null && (
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setValue('');
              setError(null);
              state.clear();
            }}
          >
            Show all
          </Button>
        )}
      </div>
    </form>
  );
}

/** The line over a search's result: "Order #1042 · 2 shipments" (announced when it changes). */
export function OrderSearchHeading({ orderId, detail }: { orderId: number; detail?: string }) {
  return (
    <p className="order-search__result" role="status">
      <strong>Order {orderNumber(orderId)}</strong>
      {detail && ` · ${detail}`}
    </p>
  );
}

/**
 * What a page shows under its search: its own `list` while nothing is searched, how an order
 * number reads when the address's is none, else `found` for the order and the search as typed
 * (afresh for each order).
 */
export function OrderSearchResult({
  state,
  list = null,
  found,
}: {
  state: OrderSearchState;
  list?: ReactNode;
  found: (orderId: number, typed: string) => ReactNode;
}) {
  if (state.typed === null) return list;
  if (state.orderId === null) return <FormMessage kind="error">{orderNumberHint}</FormMessage>;
  return <Fragment key={state.orderId}>{found(state.orderId, state.typed)}</Fragment>;
}

/** While a found order loads: "Finding order #1042...". */
export function FindingOrder({ orderId }: { orderId: number }) {
  return (
    <p className="console-page__purpose" aria-busy="true">
      Finding order {orderNumber(orderId)}...
    </p>
  );
}
