// `npm run load:chat`: the live chat under 500 concurrent sockets (issue 18), printing how long a
// message takes to be delivered (p50, p95, p99) against the goal: under 200 ms at the 99th
// percentile. Timings depend on the machine, so nothing is gated on them: the script exits 0
// unless something is broken (sockets that do not connect, messages lost or refused).
//
// The product runs in one process as `npm start` runs it (single node, PGlite in memory), or
// LOAD_BASE_URL names one already running (cluster mode behind its gateway). Each socket is a
// visitor with a chat profile (POST /api/chat-user, each from its own client address through the
// trusted loopback proxy, so the registration limit per address holds as for real visitors).
//
// What is measured, both ways:
//   - a visitor's message: from the emit to its `chat_message` event coming back to the
//     visitor's socket (stored in the database, then delivered through the socket.io adapter to
//     the visitor's room), with one support agent's socket also watching the inbox;
//   - an agent's answer: from the console's POST to the `chat_message` event at the visitor's
//     socket.
//
// Settings (environment):
//   LOAD_SOCKETS=500          concurrent visitor sockets
//   LOAD_SECONDS=30           how long messages are measured once every socket is connected
//   LOAD_WARMUP_SECONDS=5     messages sent first, not measured (JIT, prepared statements)
//   LOAD_INTERVAL_MS=5000     each visitor sends a message this often (500 sockets: 100 msg/s)
//   LOAD_REPLIES_PER_S=10     the agent's answers per second
//   LOAD_BASE_URL=            an already running product (else one is started)
//   LOAD_START_TIMEOUT=120    seconds to wait for the product to become ready
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { HOST, createProcessGroup, freePort, waitReady } from '../scripts/bench/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const AGENT = { email: 'support@demo.glp-clinic.local', password: 'demo-support-2026' };
const GOAL_P99_MS = 200;

const int = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`load-chat: ${name} must be a positive integer`);
    process.exit(2);
  }
  return n;
};
const cfg = {
  sockets: int('LOAD_SOCKETS', 500),
  seconds: int('LOAD_SECONDS', 30),
  warmupSeconds: Number(process.env.LOAD_WARMUP_SECONDS ?? 5),
  intervalMs: int('LOAD_INTERVAL_MS', 5000),
  repliesPerSecond: int('LOAD_REPLIES_PER_S', 10),
  startTimeoutMs: int('LOAD_START_TIMEOUT', 120) * 1000,
  baseUrl: process.env.LOAD_BASE_URL,
};

const group = createProcessGroup({ label: 'load-chat', root });
group.installCleanup();

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function post(url, path, body, headers = {}) {
  const res = await fetch(new URL(path, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

function connect(url, auth) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The address a registration comes from: one per visitor, as behind a real proxy. */
const addressOf = (n) => `10.77.${(n >> 8) & 255}.${n & 255}`;

async function main() {
  let url = cfg.baseUrl;
  if (!url) {
    group.openLogDir(false);
    const port = await freePort();
    url = `http://${HOST}:${port}`;
    group.startTsService('single-node product', 'services/gateway/src/main.ts', {
      ...process.env,
      PORT: String(port),
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'warn',
      // Registrations arrive from many addresses through this loopback "proxy".
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'development',
    });
    await waitReady('single-node product', url, '/readyz', cfg.startTimeoutMs);
  }
  console.log(`load-chat: ${cfg.sockets} sockets against ${url}`);

  const login = await post(url, '/api/login', AGENT);
  if (login.status !== 200) throw new Error(`the support agent cannot log in (${login.status})`);
  const agentToken = login.body.token;
  const agentSocket = await connect(url, { token: agentToken });
  let inboxChanges = 0;
  agentSocket.on('inbox_changed', () => (inboxChanges += 1));

  // Visitors: register, connect, say who they are.
  const visitors = [];
  const connectStarted = performance.now();
  let connectErrors = 0;
  const batch = 25;
  for (let start = 0; start < cfg.sockets; start += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, cfg.sockets - start) }, async (_, i) => {
        const n = start + i;
        try {
          const registered = await post(
            url,
            '/api/chat-user',
            {
              first_name: 'Load',
              last_name: `Visitor ${n}`,
              email: `load-${n}-${Date.now()}@chat.test`,
            },
            { 'x-forwarded-for': addressOf(n) },
          );
          if (registered.status !== 200 || registered.body?.status !== 'success')
            throw new Error(`chat-user ${registered.status}`);
          const user = registered.body.user;
          const socket = await connect(url, { chatToken: user.chat_token });
          const ready = await socket.timeout(10_000).emitWithAck('init_user', { id: user.id });
          if (!ready?.ok) throw new Error('init_user refused');
          return { n, id: user.id, socket, conversationId: null, waiting: new Map() };
        } catch (err) {
          connectErrors += 1;
          if (connectErrors <= 3) console.error(`  visitor ${n}: ${err.message}`);
          return null;
        }
      }),
    );
    visitors.push(...made.filter(Boolean));
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  console.log(
    `  ${visitors.length} of ${cfg.sockets} sockets connected and initialized in ${connectSeconds.toFixed(1)} s`,
  );

  const userLatencies = [];
  const replyLatencies = [];
  let sent = 0;
  let refused = 0;
  const replyStarted = new Map();
  for (const v of visitors) {
    v.socket.on('chat_message', (m) => {
      const at = performance.now();
      if (m.role === 'user') {
        const started = v.waiting.get(m.content);
        if (started !== undefined) {
          if (measured(started)) userLatencies.push(at - started);
          v.waiting.delete(m.content);
        }
      } else if (m.role === 'assistant') {
        const started = replyStarted.get(m.content);
        if (started !== undefined) {
          if (measured(started)) replyLatencies.push(at - started);
          replyStarted.delete(m.content);
        }
      }
    });
  }

  // Messages: each visitor at its own phase of the interval, for the warm-up and LOAD_SECONDS.
  const measureFrom = performance.now() + cfg.warmupSeconds * 1000;
  const endAt = measureFrom + cfg.seconds * 1000;
  const measured = (started) => started >= measureFrom;
  const timers = visitors.map((v, i) =>
    setTimeout(
      function tick() {
        if (performance.now() >= endAt) return;
        const content = `load ${v.n} ${sent}`;
        sent += 1;
        v.waiting.set(content, performance.now());
        v.socket
          .timeout(10_000)
          .emitWithAck('chat message', { userId: v.id, message: content })
          .then((ack) => {
            if (!ack?.ok) refused += 1;
            else v.conversationId = ack.message.conversationId;
          })
          .catch(() => (refused += 1));
        timers[i] = setTimeout(tick, cfg.intervalMs);
      },
      Math.floor((i / visitors.length) * cfg.intervalMs),
    ),
  );

  // The agent answers conversations at random, through the console's call.
  let replies = 0;
  let replyErrors = 0;
  const replyTimer = setInterval(
    () => {
      if (performance.now() >= endAt) return;
      const v = visitors[Math.floor(Math.random() * visitors.length)];
      if (!v?.conversationId) return;
      const content = `answer ${replies}`;
      replies += 1;
      replyStarted.set(content, performance.now());
      post(
        url,
        `/api/console/support/conversations/${v.conversationId}/messages`,
        { message: content },
        { authorization: `Bearer ${agentToken}` },
      ).then(
        (res) => {
          if (res.status !== 200) replyErrors += 1;
        },
        () => (replyErrors += 1),
      );
    },
    Math.max(1, Math.floor(1000 / cfg.repliesPerSecond)),
  );

  await new Promise((resolve) =>
    setTimeout(resolve, (cfg.warmupSeconds + cfg.seconds) * 1000 + 3000),
  );
  clearInterval(replyTimer);
  for (const t of timers) clearTimeout(t);

  const lost = visitors.reduce((sum, v) => sum + v.waiting.size, 0);
  const report = (label, list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const p = (q) => percentile(sorted, q).toFixed(1);
    return `  ${label.padEnd(22)} ${String(sorted.length).padStart(6)} delivered   p50 ${p(50)} ms   p95 ${p(95)} ms   p99 ${p(99)} ms   max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
  };
  console.log(
    `\n  ${sent} visitor messages sent in ${cfg.warmupSeconds + cfg.seconds} s (${(sent / (cfg.warmupSeconds + cfg.seconds)).toFixed(1)}/s; the first ${cfg.warmupSeconds} s not measured), ${refused} refused, ${lost} not delivered`,
  );
  console.log(
    `  ${replies} agent answers, ${replyErrors} failed; the agent's inbox changed ${inboxChanges} times`,
  );
  console.log(report("visitor's message", userLatencies));
  console.log(report("agent's answer", replyLatencies));
  const p99 = percentile(
    [...userLatencies, ...replyLatencies].sort((a, b) => a - b),
    99,
  );
  console.log(
    `\n  p99 of every delivery: ${p99.toFixed(1)} ms (goal: under ${GOAL_P99_MS} ms with ${visitors.length} sockets) — ${p99 < GOAL_P99_MS ? 'met' : 'NOT met'}`,
  );

  for (const v of visitors) v.socket.disconnect();
  agentSocket.disconnect();
  await group.stopChildren();
  group.removeLogDir();
  const broken =
    visitors.length < cfg.sockets * 0.99 ||
    lost + refused > Math.max(1, sent * 0.01) ||
    replyErrors > 0;
  if (broken) {
    console.error('load-chat: FAILED (sockets not connected, or messages lost, refused or failed)');
    process.exit(1);
  }
}

main().catch(async (err) => {
  console.error(`load-chat: ${err.stack ?? err}`);
  await group.stopChildren();
  process.exit(1);
});
