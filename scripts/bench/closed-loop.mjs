// The benchmarks' load generator: a closed loop of `concurrency` keep-alive connections, each
// sending the next request as soon as its previous answer is fully read; and the sums the
// scripts print (throughput over the summed wall time, p99 over all latencies, errors).
import http from 'node:http';

/**
 * `count` GETs of `url`; every answer must have the expected status and, for a 200, the expected
 * length in bytes (anything else counts as an error). `expect`: { status, length, headers }.
 */
export async function runLoad(url, concurrency, count, expect) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = new Float64Array(count);
  const statuses = new Map();
  const samples = [];
  let errors = 0;
  let next = 0;

  const one = (i) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const failed = (what, detail) => {
        latencies[i] = Number(process.hrtime.bigint() - started) / 1e6;
        errors++;
        statuses.set(what, (statuses.get(what) ?? 0) + 1);
        if (samples.length < 3) samples.push(`${what}: ${detail}`);
        resolve();
      };
      const req = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'GET',
          headers: expect.headers,
        },
        (res) => {
          let length = 0;
          const chunks = [];
          res.on('data', (c) => {
            length += c.length;
            if (chunks.length < 4) chunks.push(c);
          });
          res.on('error', (err) => failed('response error', err.message));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const detail = () => Buffer.concat(chunks).toString().slice(0, 240);
            if (status !== expect.status)
              return failed(`HTTP ${status} (expected ${expect.status})`, detail());
            if (status === 200 && length !== expect.length)
              return failed('body length', `${length} bytes, expected ${expect.length}`);
            latencies[i] = Number(process.hrtime.bigint() - started) / 1e6;
            statuses.set(`HTTP ${status}`, (statuses.get(`HTTP ${status}`) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.setTimeout(60000, () => req.destroy(new Error('no answer within 60s')));
      req.on('error', (err) => failed('request error', err.message));
      req.end();
    });

  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await one(next++);
    }),
  );
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  agent.destroy();
  return { latencies, elapsedMs, errors, statuses, samples };
}

/**
 * Prepared requests (`{ headers, payload? }`, one each, in order) sent with `method` to `url`;
 * any answer other than 2xx counts as an error. Same result shape as runLoad.
 */
export async function runPrepared(url, method, concurrency, requests) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = new Float64Array(requests.length);
  const statuses = new Map();
  const samples = [];
  let errors = 0;
  let next = 0;

  const one = (r, i) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const failed = (what, detail) => {
        latencies[i] = Number(process.hrtime.bigint() - started) / 1e6;
        errors++;
        statuses.set(what, (statuses.get(what) ?? 0) + 1);
        if (samples.length < 3) samples.push(`${what}: ${detail}`);
        resolve();
      };
      const req = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method,
          headers: r.headers,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', (err) => failed('response error', err.message));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299)
              return failed(`HTTP ${status}`, Buffer.concat(chunks).toString().slice(0, 240));
            latencies[i] = Number(process.hrtime.bigint() - started) / 1e6;
            statuses.set(`HTTP ${status}`, (statuses.get(`HTTP ${status}`) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.setTimeout(60000, () => req.destroy(new Error('no answer within 60s')));
      req.on('error', (err) => failed('request error', err.message));
      req.end(r.payload);
    });

  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, requests.length) }, async () => {
      while (next < requests.length) {
        const i = next++;
        await one(requests[i], i);
      }
    }),
  );
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  agent.destroy();
  return { latencies, elapsedMs, errors, statuses, samples };
}

/** Throughput over the runs' summed wall time and percentiles over all their latencies. */
export function summarize(runs) {
  const sorted = runs.flatMap((r) => Array.from(r.latencies)).sort((a, b) => a - b);
  const pct = (p) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
  const statuses = new Map();
  for (const r of runs)
    for (const [k, n] of r.statuses) statuses.set(k, (statuses.get(k) ?? 0) + n);
  const elapsedMs = runs.reduce((sum, r) => sum + r.elapsedMs, 0);
  return {
    runs,
    elapsedMs,
    count: sorted.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    statuses,
    samples: runs.flatMap((r) => r.samples).slice(0, 3),
    rps: sorted.length / (elapsedMs / 1000),
    p50: pct(0.5),
    p99: pct(0.99),
  };
}

/** Counts every measured request and keeps a report of each run that had errors. */
export function createTally() {
  const totals = { requests: 0, errors: 0 };
  const errorReports = [];
  return {
    totals,
    errorReports,
    account(label, result) {
      totals.requests += result.count;
      totals.errors += result.errors;
      if (result.errors > 0)
        errorReports.push(
          `${label}: ${result.errors}/${result.count} errors (` +
            [...result.statuses].map(([s, n]) => `${s} x${n}`).join(', ') +
            `)\n      e.g. ${result.samples.join('\n      e.g. ')}`,
        );
    },
  };
}
