import { z } from 'zod';
import { INT32_MAX, int, numeric, numericStringPattern, text, wholeRangePattern } from './fields';
import { apiRoutes } from './index';

describe('the field helpers', () => {
  it('refuse control characters and over-long text', () => {
    expect(text(5).safeParse('a\u0000b').success).toBe(false);
    expect(text(5).safeParse('a\nb').success).toBe(false);
    expect(text(5).safeParse('abcdef').success).toBe(false);
    expect(text(5).parse('José')).toBe('José');
  });

  it('keep integers within a PostgreSQL integer column', () => {
    expect(int().safeParse(INT32_MAX).success).toBe(true);
    expect(int().safeParse(INT32_MAX + 1).success).toBe(false);
    expect(int().safeParse(2 ** 40).success).toBe(false);
    expect(int().safeParse(1.5).success).toBe(false);
  });

  it('read numeric strings as numbers within the same range, and nothing else', () => {
    const month = numeric(int(1, 12));
    expect(month.parse('04')).toBe(4);
    expect(month.parse(' 12 ')).toBe(12);
    expect(month.parse('12.0')).toBe(12);
    expect(month.parse(7)).toBe(7);
    for (const bad of ['13', '0', '1.5', 'April', '', '4e0', '-1']) {
      expect(month.safeParse(bad).success).toBe(false);
    }
    const pounds = numeric(z.number().min(80).max(700));
    expect(pounds.parse('180.5')).toBe(180.5);
    expect(pounds.safeParse('700.5').success).toBe(false);
    expect(pounds.safeParse('79.9').success).toBe(false);
  });

  it('write a range pattern that matches exactly the whole numbers in it', () => {
    for (const [low, high] of [
      [0, 9],
      [1, 12],
      [0, 99],
      [13, 457],
      [80, 700],
      [1924, 2026],
      [7, 12345],
    ] as const) {
      const exact = new RegExp(`^(${wholeRangePattern(low, high)})$`);
      for (let n = 0; n <= 20000; n += 1)
        if (exact.test(String(n)) !== (n >= low && n <= high))
          throw new Error(`${low}..${high} is wrong at ${n}`);
    }
    const ids = new RegExp(numericStringPattern(1, INT32_MAX, true));
    expect(ids.test(String(INT32_MAX))).toBe(true);
    expect(ids.test(String(INT32_MAX + 1))).toBe(false);
    expect(ids.test('0')).toBe(false);
  });

  it('takes a fraction whose whole part lies below a fractional minimum ("0.25" mg)', () => {
    const strength = numeric(z.number().min(0.01).max(100), 'Give the strength in mg');
    for (const given of ['0.25', '0.5', ' 2.5 ', '100', '100.0', 0.25])
      expect(strength.safeParse(given).success).toBe(true);
    for (const given of ['0', '0.001', '100.5', '-1', 'abc', ''])
      expect(strength.safeParse(given).success).toBe(false);
  });
});

type JsonSchema = Record<string, unknown>;

/** Every string and number node of a JSON Schema, with its path. */
function leaves(schema: JsonSchema, path: string, out: [string, JsonSchema][] = []) {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('string') || types.includes('number') || types.includes('integer'))
    out.push([path, schema]);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const [i, sub] of ((schema[key] as JsonSchema[] | undefined) ?? []).entries())
      leaves(sub, `${path}|${key}${i}`, out);
  for (const [name, sub] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}))
    leaves(sub, `${path}.${name}`, out);
  if (schema.items && typeof schema.items === 'object')
    leaves(schema.items as JsonSchema, `${path}[]`, out);
  return out;
}

/** A string has a pattern (each helper's refuses control characters), a number a range. */
function bounded(node: JsonSchema): boolean {
  if ('const' in node || 'enum' in node) return true;
  const types = ([] as unknown[]).concat(node.type);
  if (types.includes('string')) {
    const patterns = [
      node.pattern,
      ...((node.allOf as JsonSchema[] | undefined) ?? []).map((p) => p.pattern),
    ];
    return patterns.some((p) => typeof p === 'string') || node.format === 'date-time';
  }
  return typeof node.minimum === 'number' && typeof node.maximum === 'number';
}

describe('every published call', () => {
  const parts = apiRoutes.flatMap((route) =>
    (['params', 'query', 'headers', 'body'] as const).flatMap((part) => {
      const schema = route[part];
      if (!schema) return [];
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      return [[`${route.method.toUpperCase()} ${route.path} ${part}`, json] as const];
    }),
  );

  it.each(parts)(
    '%s bounds each string (no control characters) and each number (a range)',
    (_name, json) => {
      const loose = leaves(json, '').filter(([, node]) => !bounded(node));
      expect(loose.map(([path]) => path)).toEqual([]);
    },
  );
});
