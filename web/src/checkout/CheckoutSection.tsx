import type { ReactNode } from 'react';

/** One card of the checkout's main column, with its title when it has one. */
export function CheckoutSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="card co-section">
      {title && <h2 className="co-section__title">{title}</h2>}
      {children}
    </section>
  );
}
