/**
 * The operations of the server's own OpenAPI document, so the hardening tests cover every
 * route that exists — including routes added later — instead of a hand-kept list.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  'x-max-body-bytes'?: number | 'streamed';
}

export interface ApiOperation {
  method: string;
  /** As the document gives it, e.g. /paste/{slug}. */
  path: string;
  /** Under /api, with each path parameter replaced by `params[name]` or a placeholder. */
  samplePath: string;
  /** The route's declared body limit, when it declares one. */
  maxBodyBytes: number | 'streamed' | undefined;
  /** The JSON request body's schema, when the route takes JSON. */
  jsonBody: JsonSchema | undefined;
  queryParams: Parameter[];
}

/** Fills `{name}` placeholders: a given value, else a harmless non-existent one. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'does-not-exist'))}`;
}

/** Every operation of /api/openapi.json. */
export async function apiOperations(
  baseUrl: string,
  params: (path: string) => Record<string, string> = () => ({}),
): Promise<ApiOperation[]> {
  const res = await fetch(`${baseUrl}/api/openapi.json`);
  const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        samplePath: fillPath(path, params(path)),
        maxBodyBytes: operation['x-max-body-bytes'],
        jsonBody: operation.requestBody?.content?.['application/json']?.schema,
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query'),
      });
    }
  }
  return operations;
}

/** The operations that take a JSON body. */
export async function jsonOperations(baseUrl: string): Promise<ApiOperation[]> {
  return (await apiOperations(baseUrl)).filter((op) => op.jsonBody !== undefined);
}
