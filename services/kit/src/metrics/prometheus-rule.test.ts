/**
 * The operator's alerts live in infra/k8s/base/monitoring/prometheus-rule.yaml. An alert on a
 * metric that no longer exists never fires and says nothing, so every expression must read only
 * what the processes export (a renamed metric or route fails here), and every alert must have its
 * paragraph in docs/runbook.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { apiRoutes } from '@clinic/contracts';
import { Metrics } from './metrics';

const root = join(__dirname, '..', '..', '..', '..');
const rule = parse(
  readFileSync(join(root, 'infra/k8s/base/monitoring/prometheus-rule.yaml'), 'utf8'),
) as {
  apiVersion: string;
  kind: string;
  spec: { groups: { name: string; rules: Record<string, unknown>[] }[] };
};
const alerts = rule.spec.groups.flatMap((g) => g.rules) as {
  alert: string;
  expr: string;
  labels: { severity: string };
  annotations: { summary: string; runbook_url: string };
}[];

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
const PROMQL_OPERATORS = new Set(['and', 'or', 'unless', 'bool', 'offset']);

/** The metric names an expression reads: what is left once labels, groupings and calls are out. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*(?!\s*\(|[A-Za-z0-9_:])/g)]
    .map((m) => m[0])
    .filter((word) => !PROMQL_WORDS.has(word) && !PROMQL_OPERATORS.has(word));
}

/** Every series name a process exports (its `# TYPE` lines), a histogram's _bucket, _sum, _count. */
async function exportedNames(): Promise<Set<string>> {
  const text = await new Metrics().registry.metrics();
  return new Set(
    [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
      type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name!],
    ),
  );
}

describe('the PrometheusRule of the operator alerts', () => {
  it('is a PrometheusRule with the alerts an operator needs', () => {
    expect(rule.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(rule.kind).toBe('PrometheusRule');
    expect(alerts.map((a) => a.alert).sort()).toEqual(
      [
        'CheckoutSlow',
        'ConsumerLagging',
        'EventsDeadLettered',
        'HighErrorRate',
        'InstanceNotReady',
        'JobQueueBacklog',
        'JobsFailed',
        'MetricsSourceDown',
        'OutboxLagging',
      ].sort(),
    );
    for (const alert of alerts) {
      expect(['critical', 'warning']).toContain(alert.labels.severity);
      expect(alert.annotations.summary).toBeTruthy();
    }
  });

  it('reads in each expression only metrics the processes export', async () => {
    const exported = await exportedNames();
    for (const alert of alerts) {
      const names = metricNames(alert.expr);
      expect({ alert: alert.alert, names: names.length > 0 }).toEqual({
        alert: alert.alert,
        names: true,
      });
      for (const name of names)
        expect({ alert: alert.alert, name, exported: exported.has(name) }).toEqual({
          alert: alert.alert,
          name,
          exported: true,
        });
    }
  });

  it('names a route only by a published call', () => {
    const published = new Set(apiRoutes.map((r) => r.path));
    for (const alert of alerts)
      for (const [, route] of alert.expr.matchAll(/route="([^"]+)"/g))
        expect(published.has(route!)).toBe(true);
  });

  it('points each alert at its paragraph in the runbook', () => {
    const runbook = readFileSync(join(root, 'docs/runbook.md'), 'utf8');
    const headings = new Set([...runbook.matchAll(/^## (\S+)$/gm)].map((m) => m[1]!.toLowerCase()));
    for (const alert of alerts) {
      expect(alert.annotations.runbook_url).toBe(`docs/runbook.md#${alert.alert.toLowerCase()}`);
      expect({ alert: alert.alert, inRunbook: headings.has(alert.alert.toLowerCase()) }).toEqual({
        alert: alert.alert,
        inRunbook: true,
      });
    }
  });

  it('finds the metric names of an expression, and no label or function', () => {
    expect(
      metricNames(
        'sum by (service, topic) (rate(a_total{status=~"5..", route="/x"}[5m])) / on (service) b > 0.5 and c_seconds',
      ),
    ).toEqual(['a_total', 'b', 'c_seconds']);
  });
});
