/**
 * The project's boundary rules, run through the real lint configuration: a file that reaches into
 * another package's source or queries another service's schema is refused; the allowed forms pass.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..');
// The files linted here exist only in memory, which the type-aware rules cannot read (they need
// the file in its package's TypeScript project): type-aware.test.ts checks those on real files.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('package boundaries', () => {
  it("refuses an import of another package's source", async () => {
    const found = await problems(
      'services/checkout/src/example.test.ts',
      "import { eventually } from '@clinic/kit/src/testing/support';\nvoid eventually;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*@clinic\/<name>\/testing/),
    ]);
  });

  it('accepts the public entry and the testing entry', async () => {
    const found = await problems(
      'services/checkout/src/example.test.ts',
      "import { rows } from '@clinic/kit';\nimport { eventually } from '@clinic/kit/testing';\nvoid rows;\nvoid eventually;\n",
    );
    expect(found).toEqual([]);
  });

  it('applies to the web app too', async () => {
    const found = await problems(
      'web/src/example.ts',
      "import { x } from '@clinic/contracts/src/api/fields';\nvoid x;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports/)]);
  });
});

describe('HTTP stays at the edge', () => {
  it('refuses HttpError in domain code and allows it in a route', async () => {
    const code =
      "import { HttpError } from '@clinic/kit';\nexport const e = new HttpError(404, 'x');\n";
    expect(await problems('services/checkout/src/domain/example.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*domain error/),
    ]);
    expect(await problems('services/checkout/src/routes/example.ts', code)).toEqual([]);
  });

  it('keeps the package boundary in domain code too', async () => {
    const found = await problems(
      'services/checkout/src/domain/example.ts',
      "import { x } from '@clinic/kit/src/http/errors';\nvoid x;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports/)]);
  });
});

describe("another service's schema in SQL", () => {
  it('refuses a sql template naming another schema', async () => {
    const found = await problems(
      'services/intake/src/example.ts',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select count(*) from identity.users where email = ${'a'}`;\n",
    );
    expect(found).toEqual([
      "clinic/no-foreign-schema-sql: SQL names identity.users, the identity service's table: use its events or its client instead.",
    ]);
  });

  it('refuses a plain SQL string and a quoted schema name', async () => {
    const found = await problems(
      'services/checkout/src/example.ts',
      'export const q = \'delete from "intake"."leads" where id = $1\';\n',
    );
    expect(found).toEqual([expect.stringContaining('SQL names intake.leads')]);
  });

  it("accepts the service's own schema and text that is not SQL", async () => {
    const found = await problems(
      'services/intake/src/example.ts',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select * from intake.leads`;\nexport const url = 'https://checkout.example.com/identity.users';\n",
    );
    expect(found).toEqual([]);
  });
});

describe('jobs: definitions apart from handlers', () => {
  // A handler calls the domain; the domain importing the handler back was the cycle issue 27 cut.
  const handler = "import { rememberCasePatientJob } from '../jobs/remember-case-patient';\n";
  const definition =
    "import { rememberCasePatient } from '../jobs/definitions/remember-case-patient';\n";

  it.each(['domain/cases.ts', 'routes/claims.ts', 'subscribers/example.ts'])(
    "refuses a job's handler in %s",
    async (file) => {
      const found = await problems(
        `services/clinic/src/${file}`,
        handler + 'export const used = rememberCasePatientJob;\n',
      );
      expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: .*jobs\/definitions/)]);
    },
  );

  it("accepts the job's definition", async () => {
    const found = await problems(
      'services/clinic/src/domain/cases.ts',
      definition + 'export const used = rememberCasePatient;\n',
    );
    expect(found).toEqual([]);
  });
});

describe("the web app's features", () => {
  it("refuses a file of another feature's folder and accepts its public file and stylesheet", async () => {
    const rule = 'import-x/no-restricted-paths';
    const reaching = await problems(
      'web/src/portal/billing/Example.tsx',
      "import { AddressForm } from '../../checkout/AddressForm';\nvoid AddressForm;\n",
    );
    expect(reaching).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*checkout\/index\.ts/),
    ]);
    const publicFile = await problems(
      'web/src/portal/billing/Example.tsx',
      "import { AddressForm } from '../../checkout';\nimport '../../checkout/checkout.css';\nvoid AddressForm;\n",
    );
    expect(publicFile.filter((p) => p.startsWith(rule))).toEqual([]);
  });

  it('lets shared folders be imported from anywhere, and a feature import its own files', async () => {
    const found = await problems(
      'web/src/portal/billing/Example.tsx',
      "import { formatUsd } from '../../ui/money';\nimport { billingTexts } from './billingFormat';\nvoid formatUsd;\nvoid billingTexts;\n",
    );
    expect(found).toEqual([]);
  });

  it('holds for shared folders importing a feature, and not for tests', async () => {
    const code = "import { legalDocs } from '../legal/legalDocs';\nvoid legalDocs;\n";
    expect(await problems('web/src/components/Example.tsx', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths/),
    ]);
    expect(await problems('web/src/components/Example.test.tsx', code)).toEqual([]);
  });
});
