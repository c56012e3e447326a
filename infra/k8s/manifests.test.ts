/**
 * The Kubernetes manifests (infra/k8s): base and each overlay render with `kubectl kustomize`,
 * every object passes the Kubernetes API's schemas offline (check-manifests.mjs), and what an
 * operator relies on holds. Broken manifests are refused: a broken overlay, a broken alert rule,
 * and each missing piece cut out of the local overlay's render.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { backendServices } from '@clinic/contracts';

interface Result {
  target: string;
  objects: { kind: string; name: string }[];
  problems: string[];
  externalSecrets: string[];
}
/* eslint-disable @typescript-eslint/no-explicit-any -- free-form Kubernetes objects, mutated */
type K8sObject = Record<string, any>;

const checker = resolve(__dirname, 'check-manifests.mjs');
const at = (path: string) => resolve(__dirname, path);

/** The checker's results for each target (kustomization folders or rendered YAML files). */
function check(...targets: string[]): Result[] {
  const run = spawnSync(process.execPath, [checker, '--json', ...targets], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // Exit 1 is "problems found", reported in the JSON; anything else (2: kubectl missing) fails.
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`check-manifests exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Result[];
}

function kustomize(folder: string): K8sObject[] {
  const run = spawnSync('kubectl', ['kustomize', at(folder)], { encoding: 'utf8' });
  if (run.error) throw new Error(`kubectl is needed to render the manifests: ${run.error.message}`);
  if (run.status !== 0) throw new Error(run.stderr);
  return parseAllDocuments(run.stdout).map((d) => d.toJS() as K8sObject);
}

const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name)!;
const processes = [...backendServices, 'gateway'].sort();

describe('the manifests as written', () => {
  let results: Record<string, Result>;
  beforeAll(() => {
    results = Object.fromEntries(
      check(at('base'), at('overlays/local'), at('overlays/production')).map((r, i) => [
        ['base', 'local', 'production'][i],
        r,
      ]),
    );
  });

  it('render, and every object passes the API schemas and the operator checks', () => {
    for (const name of ['base', 'local', 'production']) {
      expect({ name, problems: results[name]!.problems }).toEqual({ name, problems: [] });
      expect(results[name]!.objects.length).toBeGreaterThan(25);
    }
  });

  it.each(['local', 'production'])(
    '%s: a Deployment and a Service for every process start:cluster starts, one Ingress (the gateway), the engines as external services',
    (overlay) => {
      const objects = results[overlay]!.objects;
      const names = (kind: string) =>
        objects
          .filter((o) => o.kind === kind)
          .map((o) => o.name)
          .sort();
      expect(names('Deployment')).toEqual(processes);
      expect(names('Service')).toEqual([...processes, 'kafka', 'postgres', 'redis', 's3'].sort());
      expect(names('Ingress')).toEqual(['gateway']);
      expect(names('HorizontalPodAutoscaler')).toEqual(['checkout']);
      expect(names('PodDisruptionBudget')).toEqual(['checkout']);
    },
  );

  it('production keeps every credential out of git: its Secrets are made as the README says', () => {
    expect(results.production!.objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    const external = results.production!.externalSecrets;
    expect(external).toEqual([
      'checkout-stripe',
      'clinic-database',
      'clinic-secrets',
      'clinic-tls',
      'verification-smarty',
    ]);
    const readme = readFileSync(at('README.md'), 'utf8');
    for (const secret of external)
      expect(readme).toMatch(new RegExp(`create secret (generic|tls) ${secret} `));
  });

  it('production takes real cards only: checkout cannot start without its Stripe keys', () => {
    const production = kustomize('overlays/production');
    const env = named(production, 'Deployment', 'checkout').spec.template.spec.containers[0].env;
    const stripe = env.filter((e: K8sObject) => e.name.startsWith('STRIPE_'));
    expect(stripe.map((e: K8sObject) => e.valueFrom.secretKeyRef)).toEqual(
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'].map((key) => ({
        name: 'checkout-stripe',
        key,
        optional: false,
      })),
    );
  });
});

describe('broken manifests are refused', () => {
  let dir: string;
  let local: K8sObject[];
  let results: Map<string, Result>;

  /** Each case cuts one thing out of (or adds one to) the local overlay's render. */
  const cases: [string, (objects: K8sObject[]) => K8sObject[], RegExp][] = [
    [
      'a Deployment without a readiness probe',
      (o) => {
        delete named(o, 'Deployment', 'identity').spec.template.spec.containers[0].readinessProbe;
        return o;
      },
      /Deployment\/identity container identity: no readinessProbe/,
    ],
    [
      'a liveness probe that is not /healthz',
      (o) => {
        const container = named(o, 'Deployment', 'chat').spec.template.spec.containers[0];
        container.livenessProbe.httpGet.path = '/';
        return o;
      },
      /Deployment\/chat container chat: livenessProbe must be GET \/healthz/,
    ],
    [
      'a Deployment without a memory limit',
      (o) => {
        delete named(o, 'Deployment', 'forms').spec.template.spec.containers[0].resources.limits
          .memory;
        return o;
      },
      /Deployment\/forms container forms: no memory limit/,
    ],
    [
      'a Deployment that runs as root',
      (o) => {
        named(o, 'Deployment', 'clinic').spec.template.spec.securityContext.runAsUser = 0;
        return o;
      },
      /Deployment\/clinic container clinic: does not run as a non-root user/,
    ],
    [
      'a Service that selects no pods',
      (o) => {
        named(o, 'Service', 'intake').spec.selector = { 'app.kubernetes.io/name': 'intkae' };
        return o;
      },
      /Service\/intake: selects no Deployment's pods/,
    ],
    [
      'an Ingress for another service than the gateway',
      (o) => {
        const ingress = structuredClone(named(o, 'Ingress', 'gateway'));
        ingress.metadata.name = 'checkout';
        ingress.spec.rules[0].http.paths[0].backend.service.name = 'checkout';
        return [...o, ingress];
      },
      /expected exactly one Ingress \(the gateway's\), found 2/,
    ],
    [
      'checkout without its autoscaler',
      (o) => o.filter((x) => x.kind !== 'HorizontalPodAutoscaler'),
      /checkout has no HorizontalPodAutoscaler/,
    ],
    [
      'checkout without its disruption budget',
      (o) => o.filter((x) => x.kind !== 'PodDisruptionBudget'),
      /checkout has no PodDisruptionBudget/,
    ],
    [
      'a replica count on the Deployment its autoscaler scales',
      (o) => {
        named(o, 'Deployment', 'checkout').spec.replicas = 3;
        return o;
      },
      /Deployment\/checkout: sets replicas, which its HorizontalPodAutoscaler owns/,
    ],
    [
      "checkout's CPU request apart from its sizing figures",
      (o) => {
        named(o, 'Deployment', 'checkout').spec.template.spec.containers[0].resources.requests.cpu =
          '300m';
        return o;
      },
      /Deployment\/checkout: CPU request 300m is not cpu-ms-per-payment x target-payments-per-second-per-pod \(25 x 10 = 250m\)/,
    ],
    [
      'a ConfigMap the pods read that is not there',
      (o) => o.filter((x) => x.kind !== 'ConfigMap'),
      /Deployment\/identity: ConfigMap\/clinic-config-\w+ is not rendered/,
    ],
    [
      'a scrape whose token the Secret does not hold',
      (o) => {
        const endpoint = named(o, 'ServiceMonitor', 'clinic').spec.endpoints[0];
        endpoint.authorization.credentials.key = 'PROMETHEUS_TOKEN';
        return o;
      },
      /ServiceMonitor\/clinic: Secret\/clinic-secrets-\w+ has no key PROMETHEUS_TOKEN/,
    ],
    [
      'a scrape that misses a process',
      (o) => {
        delete named(o, 'Service', 'chat').metadata.labels['app.kubernetes.io/part-of'];
        return o;
      },
      /ServiceMonitor\/clinic: does not scrape Service\/chat/,
    ],
    [
      'no scrape at all',
      (o) => o.filter((x) => x.kind !== 'ServiceMonitor'),
      /no ServiceMonitor scrapes the processes/,
    ],
    [
      'a kind with no schema',
      (o) => [...o, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }],
      /Widget\/w: no schema for example.com\/v1 Widget/,
    ],
    [
      'an alert rule with no expression',
      (o) => [
        ...o,
        ...parseAllDocuments(readFileSync(at('testdata/prometheus-rule-broken.yaml'), 'utf8')).map(
          (d) => d.toJS() as K8sObject,
        ),
      ],
      /PrometheusRule\/clinic-fixture-broken: data\/spec\/groups\/0\/rules\/0 must have required property expr/,
    ],
  ];

  const file = (label: string) => join(dir, `${cases.findIndex(([l]) => l === label)}.yaml`);
  const write = (path: string, objects: K8sObject[]) =>
    writeFileSync(path, objects.map((o) => stringify(o)).join('---\n'));

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'k8s-manifests-'));
    local = kustomize('overlays/local');
    write(join(dir, 'as-rendered.yaml'), local);
    const withRule = [
      ...local,
      ...parseAllDocuments(readFileSync(at('testdata/prometheus-rule.yaml'), 'utf8')).map(
        (d) => d.toJS() as K8sObject,
      ),
    ];
    write(join(dir, 'with-rule.yaml'), withRule);
    for (const [label, mutate] of cases) write(file(label), mutate(structuredClone(local)));
    const targets = [
      at('testdata/broken-overlay'),
      join(dir, 'as-rendered.yaml'),
      join(dir, 'with-rule.yaml'),
      ...cases.map(([label]) => file(label)),
    ];
    results = new Map(check(...targets).map((r, i) => [targets[i]!, r]));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the render the cases start from passes, and so does a valid PrometheusRule added to it', () => {
    expect(results.get(join(dir, 'as-rendered.yaml'))!.problems).toEqual([]);
    const withRule = results.get(join(dir, 'with-rule.yaml'))!;
    expect(withRule.problems).toEqual([]);
    expect(withRule.objects).toContainEqual({ kind: 'PrometheusRule', name: 'clinic-fixture' });
  });

  it('an overlay whose patch breaks a Deployment fails its schema', () => {
    expect(results.get(at('testdata/broken-overlay'))!.problems).toEqual([
      'Deployment/gateway: data/spec/replicas must be integer',
    ]);
  });

  it.each(cases.map(([label, , expected]) => [label, expected] as const))(
    'refuses %s',
    (label, expected) => {
      const { problems } = results.get(file(label))!;
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
    },
  );
});
