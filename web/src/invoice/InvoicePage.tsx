/**
 * /invoice/{paymentIntentId} (login required; the Orders tab links here, spec 002): what the
 * invoice says (order number, date of issue, product, amount, paid or refunded: invoiceSummary),
 * the caller's invoice PDF, fetched through GET /api/invoice/{transaction_id} and shown in the
 * page on a wide screen (an <object> of the blob's URL), with "Download invoice (PDF)" and the
 * way back to the account. Another patient's payment or an unknown one: checkout answers 404 (403 for a
 * session that may not ask), and the page says it could not find the invoice.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { NoticePage } from '../components/NoticePage';
import { usePageTitle } from '../components/usePageTitle';
import { Button, PageShell } from '../ui';
import { fetchInvoicePdf, invoiceFileName } from './invoiceApi';
import { fetchInvoiceSummary, type InvoiceSummary } from './invoiceSummary';
import './invoice.css';

export const invoiceTexts = {
  title: 'Your invoice',
  loading: 'Loading your invoice...',
  notFound: 'We could not find this invoice.',
  failed: 'We could not load your invoice.',
  download: 'Download invoice (PDF)',
  back: 'Back to My Account',
  frame: 'Invoice (PDF)',
  noViewer: 'Your browser cannot show the PDF here; download it to read it.',
  retry: 'Try again',
  summary: 'Invoice summary',
  order: 'Order',
  issued: 'Date of issue',
  product: 'Product',
  amount: 'Amount',
  status: 'Status',
} as const;

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; url: string; summary: InvoiceSummary | null }
  | { kind: 'not-found' }
  | { kind: 'failed'; message: string };

const backLink = (
  <Link to="/home" className="button button--secondary">
    {invoiceTexts.back}
  </Link>
);

export function InvoicePage() {
  usePageTitle(invoiceTexts.title);
  const { paymentIntentId = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    setState({ kind: 'loading' });
    // The summary is read beside the PDF; without it the page still gives the invoice.
    Promise.all([fetchInvoicePdf(paymentIntentId), fetchInvoiceSummary(paymentIntentId)])
      .then(([blob, summary]) => {
        if (!live) return;
        // The server sends application/pdf; say so, so the browser's viewer takes it.
        url = URL.createObjectURL(
          blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
        );
        setState({ kind: 'ready', url, summary });
      })
      .catch((failure: unknown) => {
        if (!live) return;
        if (failure instanceof ApiError && (failure.status === 404 || failure.status === 403))
          setState({ kind: 'not-found' });
        else
          setState({
            kind: 'failed',
            message: failure instanceof Error ? failure.message : invoiceTexts.failed,
          });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [paymentIntentId, attempt]);

  if (state.kind === 'loading')
    return (
      <PageShell narrow aria-busy="true" data-page="invoice-loading">
        <p className="notice__text" role="status">
          {invoiceTexts.loading}
        </p>
      </PageShell>
    );
  if (state.kind === 'not-found')
    return (
      <NoticePage
        icon="warning"
        title={invoiceTexts.notFound}
        mainProps={{ 'data-page': 'invoice-not-found' }}
        actions={backLink}
      />
    );
  if (state.kind === 'failed')
    return (
      <NoticePage
        icon="warning"
        title={invoiceTexts.failed}
        mainProps={{ 'data-page': 'invoice-failed' }}
        actions={
          <>
            {backLink}
            <Button onClick={() => setAttempt((n) => n + 1)}>{invoiceTexts.retry}</Button>
          </>
        }
      >
        <p className="notice__text" role="alert">
          {state.message}
        </p>
      </NoticePage>
    );

  const fileName = invoiceFileName(paymentIntentId);
  return (
    <PageShell className="invoice" data-page="invoice">
      <h1 className="invoice__title">{invoiceTexts.title}</h1>
      {state.summary && <SummaryCard summary={state.summary} />}
      <div className="invoice__actions">
        <a className="button" href={state.url} download={fileName}>
          {invoiceTexts.download}
        </a>
        {backLink}
      </div>
      <object
        className="invoice__viewer"
        data={state.url}
        type="application/pdf"
        aria-label={invoiceTexts.frame}
      >
        <p className="notice__text">{invoiceTexts.noViewer}</p>
      </object>
    </PageShell>
  );
}

function SummaryCard({ summary }: { summary: InvoiceSummary }) {
  return (
    <section className="card invoice__summary" aria-label={invoiceTexts.summary}>
      <dl className="invoice__facts">
        {summary.orderNumber && (
          <div>
            <dt>{invoiceTexts.order}</dt>
            <dd>{summary.orderNumber}</dd>
          </div>
        )}
        <div>
          <dt>{invoiceTexts.issued}</dt>
          <dd>
            <time dateTime={summary.issuedAt}>{summary.issued}</time>
          </dd>
        </div>
        <div className="invoice__fact--wide">
          <dt>{invoiceTexts.product}</dt>
          <dd>{summary.product}</dd>
        </div>
        <div>
          <dt>{invoiceTexts.amount}</dt>
          <dd className="invoice__amount">{summary.amount}</dd>
        </div>
        <div>
          <dt>{invoiceTexts.status}</dt>
          <dd>
            <span className={`invoice__status invoice__status--${summary.status.toLowerCase()}`}>
              {summary.status}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
