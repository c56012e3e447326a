/**
 * No import cycle anywhere (issue 27), through the real lint configuration: a module that imports
 * one that imports it back, even through a lazy import(), is refused; a type-only import back is
 * not a cycle at run time and passes.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import cycles', () => {
  // legalDocs.ts loads each document with import(): a document importing it back closes a cycle.
  const document = 'web/src/legal/documents/hipaa-notice.ts';

  it('refuses a module that imports back one that imports it', async () => {
    const found = await problems(
      document,
      "import { legalDocs } from '../legalDocs';\nexport default legalDocs;\n",
    );
    expect(found).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });

  it('refuses a cycle in a service too', async () => {
    // The gateway's app imports its session auth: session auth importing the app back is a cycle.
    const found = await problems(
      'services/gateway/src/session-auth.ts',
      "import { buildGatewayApp } from './app';\nexport const app = buildGatewayApp;\n",
    );
    expect(found).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });

  it('lets a type-only import go back', async () => {
    const found = await problems(
      document,
      "import type { LegalDoc } from '../legalDocs';\nexport const doc: LegalDoc | null = null;\n",
    );
    expect(found).toEqual([]);
  });
});
