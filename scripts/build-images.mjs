// `npm run images`: every production image from the Containerfile, with podman: one per service
// process (contracts' list) and the gateway, tagged clinic-<name>:<tag>.
//
//   npm run images                          # every image, tag `dev`
//   npm run images -- checkout gateway      # only these
//   IMAGE_TAG=1.4.0 IMAGE_PREFIX=registry.example/clinic- npm run images
//   npm run images -- --smoke               # then start each one and check it answers
//
// NODE_IMAGE picks the base (the Containerfile's default is docker.io/library/node:20-bookworm-slim);
// `--local-base` first builds it from Debian's packages and this machine's Node.js
// (infra/images/node-base.sh), for a machine that reaches no container registry. Builds run with
// chroot isolation, which needs no cgroup or rlimit privileges (a container in a container).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { tsImport } = await import('tsx/esm/api');
const { backendServices } = await tsImport('@clinic/contracts/services', import.meta.url);

const LOCAL_BASE = 'localhost/clinic-node:20-bookworm-slim';
const args = process.argv.slice(2);
const localBase = args.includes('--local-base');
const smoke = args.includes('--smoke');
const wanted = args.filter((a) => !a.startsWith('--'));
const all = [...backendServices, 'gateway'];
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown service ${unknown.join(', ')}; the images are: ${all.join(', ')}`);
  process.exit(2);
}
const names = wanted.length > 0 ? wanted : all;
const tag = process.env.IMAGE_TAG || 'dev';
const prefix = process.env.IMAGE_PREFIX || 'localhost/clinic-';

function run(command, commandArgs, hint = '') {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.error) {
    console.error(`${command}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    if (hint) console.error(hint);
    process.exit(result.status ?? 1);
  }
}

if (localBase) run('bash', [join(root, 'infra/images/node-base.sh'), LOCAL_BASE]);
const nodeImage = process.env.NODE_IMAGE || (localBase ? LOCAL_BASE : undefined);
// A machine behind a TLS-inspecting proxy trusts its authority through NODE_EXTRA_CA_CERTS: the
// build's npm gets it as a secret (never stored in a layer).
const ca = process.env.NODE_EXTRA_CA_CERTS;

for (const name of names) {
  const image = `${prefix}${name}:${tag}`;
  console.log(`\n=== ${image}`);
  run(
    'podman',
    [
      'build',
      '--format=docker',
      '--isolation=chroot',
      '--network=host',
      '--layers',
      ...(nodeImage ? ['--build-arg', `NODE_IMAGE=${nodeImage}`] : []),
      ...(ca && existsSync(ca) ? ['--secret', `id=ca,src=${ca}`] : []),
      '--build-arg',
      `SERVICE=${name}`,
      '--target',
      name === 'gateway' ? 'gateway' : 'service',
      '--tag',
      image,
      '--file',
      'Containerfile',
      '.',
    ],
    nodeImage
      ? ''
      : "If the base image could not be pulled (no container registry reachable), build it from Debian's packages: npm run images -- --local-base",
  );
}
if (smoke)
  run('bash', [
    join(root, 'infra/images/smoke.sh'),
    ...names.map((name) => `${prefix}${name}:${tag}`),
  ]);
run('podman', [
  'images',
  '--filter',
  `reference=${prefix}*:${tag}`,
  '--format',
  'table {{.Repository}}:{{.Tag}} {{.Size}}',
]);
