/**
 * The type-aware lint rules, run through the real lint configuration on files of the packages'
 * TypeScript projects: a promise nobody awaits, or one handed where nothing awaits it, is refused;
 * awaited, voided on purpose, and React Router's navigate() pass.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';

jest.setTimeout(120_000);

const root = join(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The type-aware findings for `code` as the text of an existing file of a project. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === null || /no-(floating|misused)-promises/.test(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.line}`);
}

it('refuses a promise nobody awaits in a service, and accepts one awaited or voided', async () => {
  const found = await problems(
    'services/kit/src/clock.ts',
    [
      'export async function save(): Promise<void> {}',
      'export async function run(): Promise<void> {',
      '  save();',
      '  await save();',
      '  void save();',
      '}',
      '',
    ].join('\n'),
  );
  expect(found).toEqual(['@typescript-eslint/no-floating-promises: 3']);
});

it('refuses an async handler where a plain one is expected, in a service and in the web app', async () => {
  const service = await problems(
    'services/kit/src/clock.ts',
    [
      'export async function check(): Promise<boolean> { return false; }',
      'export function when(): string { return check() ? "yes" : "no"; }',
      '',
    ].join('\n'),
  );
  expect(service).toEqual(['@typescript-eslint/no-misused-promises: 2']);
  const page = await problems(
    'web/src/ui/Button.tsx',
    [
      'async function submit(): Promise<void> {}',
      'export const Form = () => <form onSubmit={submit} />;',
      'export const Voided = () => <form onSubmit={() => void submit()} />;',
      '',
    ].join('\n'),
  );
  expect(page).toEqual(['@typescript-eslint/no-misused-promises: 2']);
});

it("lets React Router's navigate() go unawaited", async () => {
  const found = await problems(
    'web/src/ui/Button.tsx',
    [
      "import { useNavigate } from 'react-router-dom';",
      'export function Back() {',
      '  const navigate = useNavigate();',
      "  return <button onClick={() => { navigate('/'); }}>Back</button>;",
      '}',
      '',
    ].join('\n'),
  );
  expect(found).toEqual([]);
});
