// `npm run k8s:check`: renders each kustomization (`kubectl kustomize`) and checks every object,
// offline: against the Kubernetes API's schemas (kubernetes-models; the Prometheus Operator's
// kinds from @kubernetes-models/prometheus-operator), then what an operator relies on: every
// Deployment has readiness (/readyz) and liveness (/healthz) probes, CPU and memory requests and
// limits, runs as a non-root user; every Service selects a Deployment's pods on a port they
// declare; the gateway has the only Ingress; checkout has its own HorizontalPodAutoscaler and
// PodDisruptionBudget, and a CPU request equal to its sizing figures; a ServiceMonitor scrapes
// every Service on a port it has, with a token from a Secret that holds it.
//
//   node infra/k8s/check-manifests.mjs                     # base and every overlay
//   node infra/k8s/check-manifests.mjs overlays/local x.yaml [--json]
//
// A target is a kustomization folder (rendered here) or a YAML file already rendered. Secrets
// that are referenced but not rendered are listed (made outside git, as production's are); a
// missing ConfigMap, or a Secret a pod cannot start without in a render that makes its Secrets,
// is a problem. Exits 1 on any problem, 2 when kubectl is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_TARGETS = ['base', 'overlays/local', 'overlays/production'];

/** Where each API group's schemas are: Kubernetes' own, then the custom resources we use. */
const CUSTOM_GROUPS = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

const SIZING = 'sizing.clinic.example/';
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** The rendered objects of a kustomization folder or a YAML file. */
export function render(target) {
  const path = resolve(here, target);
  let text;
  if (existsSync(path) && statSync(path).isDirectory()) {
    const run = spawnSync('kubectl', ['kustomize', path], { encoding: 'utf8' });
    if (run.error?.code === 'ENOENT') {
      const err = new Error(
        'kubectl is not installed: it renders the kustomizations (kubectl kustomize, kustomize 5). ' +
          'Install kubectl 1.27 or later.',
      );
      err.exitCode = 2;
      throw err;
    }
    if (run.status !== 0)
      return { objects: [], problems: [`kubectl kustomize: ${run.stderr.trim()}`] };
    text = run.stdout;
  } else {
    text = readFileSync(path, 'utf8');
  }
  const problems = [];
  const objects = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0)
      problems.push(`YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS();
    if (value) objects.push(value);
  }
  return { objects, problems };
}

const modelCache = new Map();

/** The kubernetes-models class of an object's apiVersion and kind, or undefined. */
async function modelOf(apiVersion, kind) {
  const key = `${apiVersion}/${kind}`;
  if (!modelCache.has(key)) {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    const pkg = CUSTOM_GROUPS[group] ?? 'kubernetes-models';
    const specifier = group ? `${pkg}/${group}/${version}` : `${pkg}/${version}`;
    let model;
    try {
      model = (await import(specifier))[kind];
    } catch {
      model = undefined;
    }
    modelCache.set(key, model);
  }
  return modelCache.get(key);
}

const nameOf = (o) => `${o?.kind ?? '(no kind)'}/${o?.metadata?.name ?? '(no name)'}`;

/**
 * kustomize wraps a Secret's base64 at 70 characters; the API server's decoder skips the line
 * breaks, the schema's "byte" format does not.
 */
function asTheApiReadsIt(o) {
  if (o.kind !== 'Secret' || !o.data) return o;
  const data = Object.fromEntries(
    Object.entries(o.data).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.replace(/[\r\n]/g, '') : v,
    ]),
  );
  return { ...o, data };
}

async function schemaProblems(objects) {
  const problems = [];
  for (const o of objects) {
    if (!o || typeof o !== 'object' || !o.apiVersion || !o.kind) {
      problems.push(`${nameOf(o)}: apiVersion and kind are required`);
      continue;
    }
    const Model = await modelOf(o.apiVersion, o.kind);
    if (!Model) {
      problems.push(`${nameOf(o)}: no schema for ${o.apiVersion} ${o.kind}`);
      continue;
    }
    try {
      new Model(asTheApiReadsIt(o)).validate();
    } catch (err) {
      problems.push(`${nameOf(o)}: ${err.message}`);
    }
    const name = o.metadata?.name ?? '';
    const pattern = o.kind === 'Service' ? DNS_LABEL : DNS_SUBDOMAIN;
    if (!pattern.test(name) || name.length > (o.kind === 'Service' ? 63 : 253))
      problems.push(`${nameOf(o)}: metadata.name is not a valid ${o.kind} name`);
  }
  return problems;
}

/** Millicores of a CPU quantity ("250m", "1", "0.5"). */
function millicores(quantity) {
  const text = String(quantity ?? '');
  if (text.endsWith('m')) return Number(text.slice(0, -1));
  return Number(text) * 1000;
}

const selects = (selector, labels) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

function probeProblems(where, container, kind, path) {
  const probe = container[kind];
  if (!probe) return [`${where}: no ${kind}`];
  if (probe.httpGet?.path !== path) return [`${where}: ${kind} must be GET ${path}`];
  const port = probe.httpGet.port;
  const declared = (container.ports ?? []).some((p) => p.name === port || p.containerPort === port);
  return declared ? [] : [`${where}: ${kind} port ${port} is not a port of the container`];
}

function deploymentProblems(d) {
  const problems = [];
  const pod = d.spec?.template?.spec ?? {};
  const labels = d.spec?.template?.metadata?.labels;
  if (!selects(d.spec?.selector?.matchLabels, labels))
    problems.push(`${nameOf(d)}: spec.selector does not match the pod template's labels`);
  for (const c of pod.containers ?? []) {
    const where = `${nameOf(d)} container ${c.name}`;
    problems.push(...probeProblems(where, c, 'readinessProbe', '/readyz'));
    problems.push(...probeProblems(where, c, 'livenessProbe', '/healthz'));
    for (const bound of ['requests', 'limits'])
      for (const resource of ['cpu', 'memory'])
        if (!c.resources?.[bound]?.[resource])
          problems.push(`${where}: no ${resource} ${bound === 'requests' ? 'request' : 'limit'}`);
    const nonRoot = c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
    const user = c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
    if (nonRoot !== true || user === 0) problems.push(`${where}: does not run as a non-root user`);
    if (c.securityContext?.allowPrivilegeEscalation !== false)
      problems.push(`${where}: allowPrivilegeEscalation must be false`);
  }
  const perPayment = d.metadata?.annotations?.[`${SIZING}cpu-ms-per-payment`];
  const perSecond = d.metadata?.annotations?.[`${SIZING}target-payments-per-second-per-pod`];
  if (perPayment !== undefined || perSecond !== undefined) {
    const wanted = Number(perPayment) * Number(perSecond);
    const request = millicores(pod.containers?.[0]?.resources?.requests?.cpu);
    if (!(wanted > 0) || request !== wanted)
      problems.push(
        `${nameOf(d)}: CPU request ${request}m is not cpu-ms-per-payment x target-payments-per-second-per-pod (${perPayment} x ${perSecond} = ${wanted}m)`,
      );
  }
  return problems;
}

function clusterProblems(objects) {
  const problems = [];
  const of = (kind) => objects.filter((o) => o.kind === kind);
  const deployments = of('Deployment');
  const services = of('Service');
  for (const d of deployments) problems.push(...deploymentProblems(d));

  for (const s of services) {
    if (s.spec?.type === 'ExternalName') continue;
    const pods = deployments.filter((d) =>
      selects(s.spec?.selector, d.spec?.template?.metadata?.labels),
    );
    if (pods.length === 0) {
      problems.push(`${nameOf(s)}: selects no Deployment's pods`);
      continue;
    }
    for (const port of s.spec?.ports ?? []) {
      const target = port.targetPort ?? port.port;
      const declared = pods.every((d) =>
        (d.spec.template.spec.containers ?? []).some((c) =>
          (c.ports ?? []).some((p) => p.name === target || p.containerPort === target),
        ),
      );
      if (!declared) problems.push(`${nameOf(s)}: targetPort ${target} is not a port of its pods`);
    }
  }
  for (const d of deployments)
    if (!services.some((s) => selects(s.spec?.selector, d.spec?.template?.metadata?.labels)))
      problems.push(`${nameOf(d)}: no Service selects its pods`);

  const ingresses = of('Ingress');
  if (deployments.length > 0 && ingresses.length !== 1)
    problems.push(`expected exactly one Ingress (the gateway's), found ${ingresses.length}`);
  for (const ing of ingresses) {
    const backends = [
      ing.spec?.defaultBackend,
      ...(ing.spec?.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.backend)),
    ].filter(Boolean);
    const others = backends.filter((b) => b.service?.name !== 'gateway');
    if (backends.length === 0 || others.length > 0)
      problems.push(
        `${nameOf(ing)}: only the gateway is exposed; it routes to ${others.map((b) => b.service?.name ?? b.resource?.name).join(', ') || 'nothing'}`,
      );
  }

  const checkout = deployments.find((d) => d.metadata?.name === 'checkout');
  if (deployments.length > 0 && !checkout) problems.push('no checkout Deployment');
  if (checkout) {
    const hpa = of('HorizontalPodAutoscaler').find(
      (h) =>
        h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === 'checkout',
    );
    if (!hpa) problems.push('checkout has no HorizontalPodAutoscaler');
    else if (
      !(hpa.spec.metrics ?? []).some((m) => m.type === 'Resource' && m.resource?.name === 'cpu')
    )
      problems.push(`${nameOf(hpa)}: checkout's autoscaler must scale on CPU`);
    const labels = checkout.spec?.template?.metadata?.labels;
    if (!of('PodDisruptionBudget').some((p) => selects(p.spec?.selector?.matchLabels, labels)))
      problems.push('checkout has no PodDisruptionBudget');
  }
  for (const h of of('HorizontalPodAutoscaler')) {
    const ref = h.spec?.scaleTargetRef;
    const target = objects.find((o) => o.kind === ref?.kind && o.metadata?.name === ref?.name);
    if (!target)
      problems.push(`${nameOf(h)}: scales ${ref?.kind}/${ref?.name}, which is not rendered`);
    // Every `kubectl apply` would reset the autoscaler's count to it.
    else if (target.spec?.replicas !== undefined)
      problems.push(`${nameOf(target)}: sets replicas, which its HorizontalPodAutoscaler owns`);
  }
  return problems;
}

/** ConfigMaps and Secrets the pods (and the Ingress's TLS) name, and whether a pod needs them. */
function references(objects) {
  const refs = [];
  for (const d of objects.filter((o) => o.kind === 'Deployment')) {
    const pod = d.spec?.template?.spec ?? {};
    for (const c of [...(pod.containers ?? []), ...(pod.initContainers ?? [])]) {
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef)
          refs.push({ kind: 'ConfigMap', ...from.configMapRef, by: nameOf(d) });
        if (from.secretRef) refs.push({ kind: 'Secret', ...from.secretRef, by: nameOf(d) });
      }
      for (const e of c.env ?? []) {
        const v = e.valueFrom ?? {};
        if (v.configMapKeyRef)
          refs.push({ kind: 'ConfigMap', ...v.configMapKeyRef, by: nameOf(d) });
        if (v.secretKeyRef) refs.push({ kind: 'Secret', ...v.secretKeyRef, by: nameOf(d) });
      }
    }
    for (const vol of pod.volumes ?? []) {
      if (vol.configMap) refs.push({ kind: 'ConfigMap', ...vol.configMap, by: nameOf(d) });
      if (vol.secret)
        refs.push({
          kind: 'Secret',
          name: vol.secret.secretName,
          optional: vol.secret.optional,
          by: nameOf(d),
        });
    }
  }
  for (const ing of objects.filter((o) => o.kind === 'Ingress'))
    for (const tls of ing.spec?.tls ?? [])
      if (tls.secretName) refs.push({ kind: 'Secret', name: tls.secretName, by: nameOf(ing) });
  // The scrape's bearer token: without it every /metrics answers 404 and nothing is watched.
  for (const sm of objects.filter((o) => o.kind === 'ServiceMonitor'))
    for (const endpoint of sm.spec?.endpoints ?? []) {
      const credentials = endpoint.authorization?.credentials;
      if (credentials) refs.push({ kind: 'Secret', ...credentials, by: nameOf(sm) });
    }
  return refs;
}

/** A ServiceMonitor scrapes every Service (the processes' /metrics) on a port they name. */
function scrapeProblems(objects) {
  const problems = [];
  // The processes' Services; the engines' (ExternalName, no selector) have no /metrics here.
  const services = objects.filter((o) => o.kind === 'Service' && o.spec?.selector);
  for (const sm of objects.filter((o) => o.kind === 'ServiceMonitor')) {
    const wanted = Object.entries(sm.spec?.selector?.matchLabels ?? {});
    const selected = services.filter((s) =>
      wanted.every(([k, v]) => s.metadata?.labels?.[k] === v),
    );
    const missed = services.filter((s) => !selected.includes(s)).map(nameOf);
    if (missed.length > 0) problems.push(`${nameOf(sm)}: does not scrape ${missed.join(', ')}`);
    for (const endpoint of sm.spec?.endpoints ?? []) {
      const without = selected.filter(
        (s) => !(s.spec?.ports ?? []).some((p) => p.name === endpoint.port),
      );
      if (without.length > 0)
        problems.push(
          `${nameOf(sm)}: port ${endpoint.port} is not a port of ${without.map(nameOf).join(', ')}`,
        );
    }
  }
  if (services.length > 0 && !objects.some((o) => o.kind === 'ServiceMonitor'))
    problems.push('no ServiceMonitor scrapes the processes');
  return problems;
}

function referenceProblems(objects) {
  const problems = [];
  const rendered = (kind, name) =>
    objects.some((o) => o.kind === kind && o.metadata?.name === name);
  const rendersSecrets = objects.some((o) => o.kind === 'Secret');
  const external = new Set();
  for (const ref of references(objects)) {
    if (rendered(ref.kind, ref.name)) {
      const object = objects.find((o) => o.kind === ref.kind && o.metadata?.name === ref.name);
      const keys = { ...object.data, ...object.stringData };
      if (ref.key && !(ref.key in keys) && ref.optional !== true)
        problems.push(`${ref.by}: ${ref.kind}/${ref.name} has no key ${ref.key}`);
      continue;
    }
    if (ref.kind === 'ConfigMap' && ref.optional !== true)
      problems.push(`${ref.by}: ConfigMap/${ref.name} is not rendered`);
    if (ref.kind === 'Secret') {
      external.add(ref.name);
      if (rendersSecrets && ref.optional !== true && !ref.by.startsWith('Ingress/'))
        problems.push(`${ref.by}: Secret/${ref.name} is needed and not rendered`);
    }
  }
  return { problems, externalSecrets: [...external].sort() };
}

/** Every check on one target: `{ target, objects, problems, externalSecrets }`. */
export async function check(target) {
  const { objects, problems } = render(target);
  problems.push(...(await schemaProblems(objects)));
  const wellFormed = objects.filter((o) => o && typeof o === 'object');
  problems.push(...clusterProblems(wellFormed));
  problems.push(...scrapeProblems(wellFormed));
  const refs = referenceProblems(wellFormed);
  problems.push(...refs.problems);
  return {
    target,
    objects: wellFormed.map((o) => ({ kind: o.kind, name: o.metadata?.name })),
    problems,
    externalSecrets: refs.externalSecrets,
  };
}

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const targets = args.filter((a) => a !== '--json');
  const results = [];
  try {
    for (const target of targets.length > 0 ? targets.map((t) => resolve(t)) : DEFAULT_TARGETS)
      results.push(await check(target));
  } catch (err) {
    console.error(err.message);
    process.exit(err.exitCode ?? 1);
  }
  if (json) console.log(JSON.stringify(results, null, 2));
  else
    for (const r of results) {
      const name = relative(process.cwd(), resolve(here, r.target)) || '.';
      console.log(
        `${r.problems.length === 0 ? 'ok  ' : 'FAIL'} ${name}: ${r.objects.length} objects`,
      );
      for (const p of r.problems) console.log(`       ${p}`);
      if (r.externalSecrets.length > 0)
        console.log(`       Secrets made outside these manifests: ${r.externalSecrets.join(', ')}`);
    }
  process.exit(results.some((r) => r.problems.length > 0) ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
