import { parse } from 'acorn';
import { dropRanges, summaryRanges } from './routeSummaries';

/** The browser build's pass over a contracts module, as the plugin runs it on Vite's output. */
function strip(code: string): string {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  return dropRanges(code, summaryRanges(program as never));
}

it("drops the text of every route's summary and keeps the route", () => {
  const code = [
    'export const login = defineRoute({',
    "  method: 'post',",
    "  path: '/api/login',",
    '  summary: \'Logs in with email and password; \' + "the whole answer is the session.",',
    '  body: loginRequestSchema,',
    '});',
    'export const logout = defineRoute({ summary: `Ends the session.`, path: "/api/logout" });',
  ].join('\n');
  const out = strip(code);
  expect(out).not.toMatch(/Logs in|whole answer|Ends the session/);
  expect(out).toContain('summary: "",');
  expect(out).toContain("path: '/api/login'");
  expect(out).toContain('path: "/api/logout"');
  expect(out).toContain('body: loginRequestSchema');
  // What is left is still a module that parses.
  expect(() => parse(out, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow();
});

it('leaves a schema field called summary, a computed summary and other calls alone', () => {
  const code = [
    'const shape = z.object({ summary: z.string() });',
    "const other = describeThing({ summary: 'kept' });",
    'const computed = defineRoute({ summary: `Order ${name}`, path: "/x" });',
  ].join('\n');
  expect(strip(code)).toBe(code);
});
