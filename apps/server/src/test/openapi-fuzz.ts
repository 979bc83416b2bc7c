import { computeRutCheckDigit } from '@app/shared/rut';
import fc from 'fast-check';

/**
 * Request generators for the every-endpoint fuzz: valid-looking values built from the OpenAPI
 * document the server publishes, mixed with the inputs that once answered 500.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  $ref?: string;
}

export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Values that once broke the server, for any leaf of a body or a query. */
export const NASTY_VALUES: unknown[] = [
  '\u0000',
  'texto\u0000con nul',
  '\ud800',
  'x\udfff',
  '0000-01-01',
  '2147483648',
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e21,
  1.5,
  -1,
  0,
  '',
  ' ',
  null,
  true,
  [],
  {},
  'ünïcødé 😀',
];

export function operationsOf(document: OpenApiDocument): Operation[] {
  const components = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').pop() ?? '';
    return components[name] ?? {};
  };
  const deref = (schema: JsonSchema, depth = 0): JsonSchema => {
    const resolved = resolve(schema);
    if (depth > 4) return { type: 'object' };
    const mapped: JsonSchema = { ...resolved };
    if (resolved.properties) {
      mapped.properties = Object.fromEntries(
        Object.entries(resolved.properties).map(([key, value]) => [key, deref(value, depth + 1)]),
      );
    }
    if (resolved.items) mapped.items = deref(resolved.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (resolved[key]) mapped[key] = resolved[key]?.map((part) => deref(part, depth + 1));
    }
    return mapped;
  };

  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        query: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => [parameter.name, deref(parameter.schema)]),
        ),
        body: body ? deref(body) : undefined,
      };
    }),
  );
}

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

let rutBody = 30_000_000;
/** Fields whose valid values a generic string generator would never hit. */
const FIELD_HINTS: Record<string, () => unknown> = {
  rut: () => {
    rutBody += 13;
    return `${rutBody}${computeRutCheckDigit(rutBody)}`;
  },
  email: () => `fuzz${rutBody++}@estudio.cl`,
  contact: () => 'contacto@empresa.cl',
  password: () => 'clave-de-prueba-1',
  currentPassword: () => 'clave-de-prueba-1',
};

/** A deterministic valid-looking value for a schema (so that one mutated leaf reaches the service). */
export function exampleOf(schema: JsonSchema, field = ''): unknown {
  const hint = FIELD_HINTS[field];
  if (hint) return hint();
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative?.length)
    return exampleOf(alternative.find((part) => !typesOf(part).includes('null')) ?? alternative[0] ?? {}, field);
  const [type] = typesOf(schema).filter((candidate) => candidate !== 'null');
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, key)]),
      );
    case 'array':
      return schema.items ? [exampleOf(schema.items)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date') return '2024-03-01';
      if (schema.format === 'email') return 'ana@estudio.cl';
      if (schema.format === 'uri') return 'https://push.example.com/x';
      return 'Texto de prueba';
    default:
      return 'Texto de prueba';
  }
}

/** Every leaf of an example body, as a path of keys/indexes. */
export function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length ? value.flatMap((item, index) => leafPaths(item, [...prefix, index])) : [prefix];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key])) : [prefix];
  }
  return [prefix];
}

export function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withLeaf(copy[head], rest, leaf);
  return copy;
}

/** A fast-check generator of bodies for a schema: mostly valid-looking leaves, some nasty ones. */
export function arbitraryOf(schema: JsonSchema, field = '', depth = 0): fc.Arbitrary<unknown> {
  const nasty = fc.oneof(fc.constantFrom(...NASTY_VALUES), fc.string({ unit: 'binary', maxLength: 20 }));
  return fc.oneof({ weight: 3, arbitrary: validArbitrary(schema, field, depth) }, { weight: 1, arbitrary: nasty });
}

function validArbitrary(schema: JsonSchema, field: string, depth: number): fc.Arbitrary<unknown> {
  const hint = FIELD_HINTS[field];
  if (hint) return fc.constant(null).map(() => hint());
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative?.length) return fc.oneof(...alternative.map((part) => arbitraryOf(part, field, depth + 1)));
  const [type] = typesOf(schema).filter((candidate) => candidate !== 'null');
  if (depth > 4) return fc.constant(exampleOf(schema, field));
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value, key, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
      return record;
    }
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items, field, depth + 1) : fc.anything(), { maxLength: 3 });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e6), max: Math.min(schema.maximum ?? 1000, 1e6) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'date') {
        return fc
          .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10));
      }
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ maxLength: schema.maxLength ? Math.min(schema.maxLength, 60) : 60 });
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/**
 * Percent-encodes like encodeURIComponent, but also a lone surrogate (as the three bytes a
 * careless client would send), which encodeURIComponent refuses.
 */
export function encodeAny(value: string): string {
  return Array.from(value, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const code = char.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  }).join('');
}

/** A path with every parameter set to `value`. */
export function fillPath(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeAny(value));
}
