import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Exports of zod's core the browser build replaces, by module: what each becomes. Everything else
 * those modules export is zod's own code, unchanged.
 *
 * - JSON Schema output (`toJSONSchema`, and a processor per schema type that every classic
 *   schema wires up): the OpenAPI document is written on the server (contracts/src/api/openapi.ts),
 *   never in the browser, where calling it throws and says why. `aggregateChecks` stays: the
 *   contracts read `minValue`, `maxLength`... back from schemas.
 * - The memoizer, which lets a parse re-enter a recursive (`z.lazy`) schema through a cycle in the
 *   data: the contracts have no recursive schema and the browser parses JSON, which has no cycles.
 *   Without it classic zod parses as `zod/mini` does by default.
 *
 * And `z.object` parses as `zod/mini`'s does, without the fast path it compiles with `new Function`
 * (same results; the bundle then has no eval, which a strict Content-Security-Policy refuses).
 */
const replaced: Record<string, (name: string) => string | null> = {
  'json-schema-processors': (name) =>
    name === 'aggregateChecks' ? null : `export const ${name} = unavailable;`,
  'to-json-schema': (name) =>
    // The factories run when a schema is made; the methods they return throw when called.
    name.startsWith('create')
      ? `export const ${name} = () => unavailable;`
      : `export const ${name} = unavailable;`,
  memoizer: (name) => (name === 'memoizer' ? 'export function memoizer() {}' : null),
};

const ZOD_CORE_MODULE = /\/node_modules\/zod\/v4\/core\/([\w-]+)\.js$/;
const ORIGINAL = '?zod-original';
const UNAVAILABLE = [
  'function unavailable() {',
  '  throw new Error("zod\'s JSON Schema output is not part of the browser build (web/scripts/zodBrowser.ts)");',
  '}',
].join('\n');

/** The names a module exports (`export function|const ...` and `export { a as b }`). */
export function exportedNames(id: string, code: string): string[] {
  if (/^export\s*\*|^export\s*\{[^}]*\}\s*from/m.test(code)) {
    // A form the replacement does not copy: fail the build rather than drop an export.
    throw new Error(
      `zod-browser: ${id} re-exports another module; update web/scripts/zodBrowser.ts`,
    );
  }
  const declared = [
    ...code.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) (\w+)/gm),
  ].map((match) => match[1]!);
  const listed = [...code.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((item) =>
        item
          .trim()
          .split(/\s+as\s+/)
          .at(-1)!,
      )
      .filter(Boolean),
  );
  return [...declared, ...listed];
}

/**
 * The lightest zod the contracts' schemas run on in the browser: zod itself, less what the
 * browser never uses (above), about 6 KiB of gzip less on every page (24 to 18 KiB). The schemas stay zod's own,
 * from @clinic/contracts, one source for server and browser.
 */
export function zodForTheBrowser(): Plugin {
  return {
    name: 'zod-browser',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id.endsWith(ORIGINAL)) return readFileSync(id.slice(0, -ORIGINAL.length), 'utf8');
      const module = ZOD_CORE_MODULE.exec(id)?.[1];
      const replace = module === undefined ? undefined : replaced[module];
      if (!replace) return null;
      const lines = [UNAVAILABLE];
      for (const name of exportedNames(id, readFileSync(id, 'utf8'))) {
        lines.push(replace(name) ?? `export { ${name} } from ${JSON.stringify(id + ORIGINAL)};`);
      }
      return lines.join('\n');
    },
    transform(code, id) {
      // classic's z.object on the plain object parser (see above).
      if (!id.endsWith('/node_modules/zod/v4/classic/schemas.js')) return null;
      const jit = 'core.$ZodObjectJIT.init(inst, def);';
      if (!code.includes(jit))
        throw new Error(`zod-browser: ${id} changed; update web/scripts/zodBrowser.ts`);
      return { code: code.replace(jit, 'core.$ZodObject.init(inst, def);'), map: null };
    },
  };
}
