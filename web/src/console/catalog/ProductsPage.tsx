/**
 * /console/products (admins): the products patients can buy, each with what it costs now (the
 * price table for a plan) and the offers that sell it. Prices change on the Prices page, which
 * plan an offer sells on the Offers page.
 */
import {
  drugLabels,
  offerVariants,
  paymentTermLabels,
  paymentTerms,
  type ConsoleSection,
} from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { FormMessage } from '../../ui';
import { formatDollars, formatUsd } from '../../ui/money';
import { ConsoleEmpty } from '../ConsoleEmpty';
import type { SectionCopy } from '../sections';
import { liveProductsQuery, offersAdminQuery, pricesQuery } from './catalogApi';

export function ProductsPage({ section, copy }: { section: ConsoleSection; copy: SectionCopy }) {
  usePageTitle(`${section.label} · Staff console`);
  const products = useQuery(liveProductsQuery());
  const prices = useQuery(pricesQuery());
  const offers = useQuery(offersAdminQuery());
  const failed = products.error ?? prices.error ?? offers.error;

  let body;
  if (failed) body = <FormMessage kind="error">{failed.message}</FormMessage>;
  else if (!products.data || !prices.data || !offers.data)
    body = <p aria-busy="true">Loading products...</p>;
  else if (products.data.length === 0)
    body = <ConsoleEmpty icon="box" title={copy.emptyTitle} text={copy.empty} />;
  else {
    const table = prices.data.value;
    const plans = offers.data.value;
    body = (
      <ul className="cc-list" aria-label="Products">
        {products.data.map((p) => {
          const sellingOffers = p.drug
            ? offerVariants.filter((v) => plans[p.drug!][v] === p.sku)
            : [];
          return (
            <li key={p.id} className="cc-card" data-product={p.sku}>
              <div className="cc-card__head">
                <h2 className="cc-card__code">{p.name}</h2>
                <span className={`cc-state${sellingOffers.length ? ' cc-state--live' : ''}`}>
                  {p.drug
                    ? sellingOffers.length
                      ? `Sold under ${sellingOffers.join(', ')}`
                      : 'No offer sells it'
                    : 'Add-on'}
                </span>
              </div>
              <dl className="cc-facts">
                <div>
                  <dt>Plan id</dt>
                  <dd>{p.sku}</dd>
                </div>
                {p.drug ? (
                  <>
                    <div>
                      <dt>Month 1</dt>
                      <dd>{formatUsd(table[p.drug].firstMonth)}</dd>
                    </div>
                    {paymentTerms.map((t) => (
                      <div key={t}>
                        <dt>{paymentTermLabels[t].name}</dt>
                        <dd>{formatUsd(table[p.drug!].terms[t])}</dd>
                      </div>
                    ))}
                  </>
                ) : (
                  <div>
                    <dt>Price</dt>
                    <dd>{formatDollars(p.pricing.retail_price)}</dd>
                  </div>
                )}
                <div>
                  <dt>Kind</dt>
                  <dd>{p.drug ? drugLabels[p.drug] : p.image_pre_text}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <main className="console-page console-page--wide" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
        <p className="console-page__purpose">
          Change prices on <Link to="/console/prices">Prices</Link> and the plan each offer sells on{' '}
          <Link to="/console/offers">Offers</Link>.
        </p>
      </header>
      {body}
    </main>
  );
}
