import { Router, type Response } from 'express';
import { z } from 'zod';
import { describeIssues } from '../http/errors';
import type { MailboxMessage, MailboxStore } from './mailbox';

/**
 * The dev mailbox over HTTP, for the gateway to mount at `/dev/mailbox` outside production (the
 * gateway decides; this router has no guard of its own):
 *   GET    /api/messages   JSON `{ messages: [{ channel, to, subject, body, sentAt }] }`, newest
 *                          first; `?to=` filters by recipient, `?channel=` by channel.
 *   DELETE /api/messages   empties the mailbox (204).
 *   GET    /               a self-contained page listing the messages, refreshed every 5 s.
 * Message content is whatever a service sent, so the page escapes all of it and runs no script
 * (the refresh is a meta tag), which also keeps it within a strict Content-Security-Policy.
 */

// An empty field from the page's filter form means "everyone".
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const filterSchema = z.object({
  to: z.preprocess(blankIsUnset, z.string().trim().max(320).optional()),
  channel: z.enum(['email', 'sms']).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

type Filter = z.infer<typeof filterSchema>;

function parseFilter(query: unknown, res: Response): Filter | undefined {
  const parsed = filterSchema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  res
    .status(400)
    .json({ status: 'error', message: `Invalid query: ${describeIssues(parsed.error)}` });
  return undefined;
}

export function mailboxRouter(store: MailboxStore): Router {
  const router = Router();

  router.get('/api/messages', async (req, res) => {
    const filter = parseFilter(req.query, res);
    if (!filter) return;
    const messages = await store.list(filter);
    res.set('cache-control', 'no-store');
    res.json({
      messages: messages.map(({ channel, to, subject, body, sentAt }) => ({
        channel,
        to,
        subject,
        body,
        sentAt,
      })),
    });
  });

  router.delete('/api/messages', async (_req, res) => {
    await store.clear();
    res.status(204).end();
  });

  router.get('/', async (req, res) => {
    const filter = parseFilter(req.query, res);
    if (!filter) return;
    const messages = await store.list(filter);
    res.set('cache-control', 'no-store');
    res.type('html').send(renderMailboxPage(messages, filter.to));
  });

  return router;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function renderMessage(m: MailboxMessage): string {
  const subject = m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : '';
  return `<article class="${m.channel}">
  <header><span class="badge">${m.channel === 'email' ? 'Email' : 'SMS'}</span>
  <span class="to">${escapeHtml(m.to)}</span>
  <time datetime="${escapeHtml(m.sentAt)}">${escapeHtml(formatTime(m.sentAt))}</time></header>
  ${subject}<pre>${escapeHtml(m.body)}</pre>
</article>`;
}

export function renderMailboxPage(messages: MailboxMessage[], to?: string): string {
  const list = messages.length
    ? messages.map(renderMessage).join('\n')
    : '<p class="empty">No messages yet. Emails and texts the clinic sends appear here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<meta name="robots" content="noindex">
<title>Dev mailbox</title>
<style>
  body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; }
  main { max-width: 760px; margin: 0 auto; padding: 16px 12px 40px; }
  h1 { font-size: 20px; margin: 4px 0 12px; }
  form { display: flex; gap: 8px; margin-bottom: 16px; }
  input { flex: 1; min-width: 0; font: inherit; padding: 8px 10px; border: 1px solid #c8ccd4; border-radius: 6px; }
  button { font: inherit; padding: 8px 14px; border: 0; border-radius: 6px; background: #2c5cc5; color: #fff; }
  article { background: #fff; border-radius: 8px; padding: 12px 14px; margin-bottom: 12px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
  article header { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: baseline; font-size: 13px; color: #5a6170; }
  .badge { font-weight: 600; text-transform: uppercase; font-size: 11px; padding: 2px 6px; border-radius: 4px; background: #e3ebfb; color: #2c5cc5; }
  .sms .badge { background: #e2f5ea; color: #1d7a47; }
  .to { font-weight: 600; color: #1d2330; overflow-wrap: anywhere; }
  time { margin-left: auto; }
  h2 { font-size: 16px; margin: 8px 0 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 14px/1.4 ui-monospace, Menlo, Consolas, monospace; margin: 8px 0 0; }
  .empty { color: #5a6170; }
</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<form method="get"><input type="search" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" aria-label="Recipient"><button type="submit">Filter</button></form>
${list}
</main>
</body>
</html>
`;
}
