import type { Plugin } from 'vite';

/**
 * The API's route definitions (contracts/src/api) carry a `summary` for the OpenAPI document,
 * which the server writes; the browser only calls the routes and never reads one. The browser
 * build keeps each route and drops its summary's text (an empty string: the shape stays), which
 * takes about a kilobyte of prose out of the app frame every page loads (docs/performance.md).
 * Only a string written in the source is dropped, and only in a `defineRoute({...})`
 * call, so a schema field that happens to be called `summary` is left alone.
 */

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const CONTRACT_ROUTES = /\/contracts\/src\/api\/[^/]+\.ts$/;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** A string the source writes out: a literal, a template without `${}`, or `+` of such. */
function isWrittenString(node: Node): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return (node.expressions as Node[]).length === 0;
  if (node.type === 'BinaryExpression' && node.operator === '+')
    return isWrittenString(node.left as Node) && isWrittenString(node.right as Node);
  return false;
}

function isDefineRouteCall(node: Node): boolean {
  const callee = node.callee as Node | undefined;
  return (
    node.type === 'CallExpression' &&
    callee?.type === 'Identifier' &&
    callee.name === 'defineRoute' &&
    (node.arguments as Node[])[0]?.type === 'ObjectExpression'
  );
}

/** The [start, end) ranges of the summary texts of every `defineRoute({...})` in a module. */
export function summaryRanges(program: Node): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: Node) => {
    const route = isDefineRouteCall(node) ? (node.arguments as Node[])[0] : undefined;
    if (route) {
      for (const property of route.properties as Node[]) {
        const key = property.key as Node | undefined;
        const value = property.value as Node | undefined;
        const named =
          key && ((key.type === 'Identifier' && key.name === 'summary') || key.value === 'summary');
        if (property.type === 'Property' && named && value && isWrittenString(value))
          ranges.push([value.start, value.end]);
      }
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) child.filter(isNode).forEach(visit);
      else if (isNode(child)) visit(child);
    }
  };
  visit(program);
  return ranges;
}

/** `code` with each range replaced by `""`, back to front so earlier offsets hold. */
export function dropRanges(code: string, ranges: readonly [number, number][]): string {
  return [...ranges]
    .sort((a, b) => b[0] - a[0])
    .reduce((out, [start, end]) => `${out.slice(0, start)}""${out.slice(end)}`, code);
}

export function routeSummariesOutOfTheBrowser(): Plugin {
  return {
    name: 'route-summaries-out-of-the-browser',
    apply: 'build',
    transform(code, id) {
      // After Vite's own TypeScript step (a plugin with no `enforce` sees JavaScript).
      if (!CONTRACT_ROUTES.test(id) || !code.includes('defineRoute')) return null;
      const ranges = summaryRanges(this.parse(code) as unknown as Node);
      return ranges.length === 0 ? null : { code: dropRanges(code, ranges), map: null };
    },
  };
}
