import { z } from 'zod';
import { errorResponseSchema, type ApiRoute } from './route';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io: 'input',
  }) as JsonSchema;
  return rest;
}

/** `/api/get-cart/:cart_id` becomes `/api/get-cart/{cart_id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function parameters(route: ApiRoute): unknown[] {
  const out: unknown[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
    ['header', route.headers],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || !!json.required?.includes(name),
        schema: prop,
      });
    }
  }
  return out;
}

/** Builds the OpenAPI 3.1 document of the published API from the route definitions. */
export function buildOpenApiDocument(
  routes: readonly ApiRoute[],
  info: { title: string; version: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = {
      summary: route.summary,
      tags: [route.service],
      ...(route.auth === 'public' ? { security: [] } : {}),
      parameters: parameters(route),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                [route.requestContentType ?? 'application/json']: { schema: toSchema(route.body) },
              },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'Success',
          content: route.responseContentType
            ? {
                [route.responseContentType]: {
                  schema:
                    route.responseContentType === 'text/xml' ||
                    route.responseContentType === 'text/csv'
                      ? { type: 'string' }
                      : { type: 'string', format: 'binary' },
                },
              }
            : {
                [route.responseMediaType ?? 'application/json']: {
                  schema: toSchema(route.response),
                },
              },
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: toSchema(errorResponseSchema) } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
