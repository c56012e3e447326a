// The benchmarks' baseline: a bare Express app answering each route it is given with a fixed
// small JSON (POST bodies parsed with express.json(), as the product parses them). It runs in
// its own process, so it shares no event loop with the load generator (the product does not
// either), and reports its port over IPC (`{ port }`).
//   BENCH_BASELINE_ROUTES='[["GET","/api/get-all-products"],["POST","/api/intake-form"]]'
import express from 'express';

const HOST = '127.0.0.1';
const routes = JSON.parse(process.env.BENCH_BASELINE_ROUTES ?? '[]');
const answer = { status: 'success', message: 'bench baseline' };
const app = express();
for (const [method, path] of routes) {
  if (method === 'POST')
    app.post(path, express.json(), (_req, res) => {
      res.json(answer);
    });
  else
    app.get(path, (_req, res) => {
      res.json(answer);
    });
}
const server = app.listen(0, HOST, () => process.send?.({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));
