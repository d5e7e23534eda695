/**
 * Validation at the edge: middleware that parses a JSON body (keeping every digit of number
 * amounts) or the query, checks it with a zod schema, and refuses with the error shape and
 * the spec's texts. Handlers read the result with `c.req.valid('json' | 'query')`. Each also
 * describes what it checks and refuses to /openapi.json (hono-openapi's `uniqueSymbol`), from
 * the same schema.
 */

import {
  JsonLimitError,
  JsonSyntaxError,
  MAX_DEPTH,
  MAX_NUMBER_LENGTH,
  NotUnicodeTextError,
  PARTY_FIELDS,
  parseJson,
  receiverDataFieldSchema,
  senderDataFieldSchema,
  validate,
} from '@crypto-pay/protocol';
import { createMiddleware } from 'hono/factory';
import { type DescribeRouteOptions, uniqueSymbol } from 'hono-openapi';
import type * as z from 'zod/mini';
import { ApiError } from '../api-error.ts';
import { queryParameters, requestSchema } from '../openapi/json-schema.ts';
import { bodyRefusals, queryRefusals } from '../openapi/operations.ts';
import { readText } from './body.ts';
import type { AppEnv } from './context.ts';
import { validationError } from './errors.ts';

type SchemaDef = {
  type: string;
  catchall?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
};

/** The object schema a field's schema reads its input with: through optional, nullable, pipe. */
function objectDef(schema: z.ZodMiniType): SchemaDef | undefined {
  const def = schema._zod.def as SchemaDef;
  if (def.type === 'object') return def;
  const inner = def.type === 'pipe' ? def.in : def.innerType;
  return inner && ['optional', 'nullable', 'pipe'].includes(def.type)
    ? objectDef(inner)
    : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

type UnknownKey = { name: string; known: string[] };

/** What a schema's object takes, read from its definition once: requests only walk their input. */
interface KeyCheck {
  known: string[];
  knownSet: Set<string>;
  strict: boolean;
  /** The fields whose schema reads an object, in the shape's order. */
  nested: [key: string, schema: z.ZodMiniType][];
}

/**
 * A party's data (`sender_data`, `receiver_data`) is checked by custom code, as its fields depend
 * on the party's type: it takes the fields of either type (the other type's are refused by its
 * rules, `sender.ts`), and no other, which would be dropped unsaid.
 */
const PARTY_DATA_KEYS = [...Object.keys(PARTY_FIELDS.natural), ...Object.keys(PARTY_FIELDS.legal)];
const PARTY_DATA: KeyCheck = {
  known: PARTY_DATA_KEYS,
  knownSet: new Set(PARTY_DATA_KEYS),
  strict: true,
  nested: [],
};

// Per schema, its check (null where it reads no object), made at its first request.
const keyChecks = new WeakMap<z.ZodMiniType, KeyCheck | null>([
  [senderDataFieldSchema, PARTY_DATA],
  [receiverDataFieldSchema, PARTY_DATA],
]);

/** Whether a field's schema reads an object whose keys are checked. */
const readsObject = (schema: z.ZodMiniType) =>
  objectDef(schema) !== undefined || keyChecks.get(schema) === PARTY_DATA;

function keyCheckOf(schema: z.ZodMiniType): KeyCheck | null {
  let check = keyChecks.get(schema);
  if (check === undefined) {
    const def = objectDef(schema);
    const shape = def?.shape ?? {};
    const known = Object.keys(shape);
    check = def
      ? {
          known,
          knownSet: new Set(known),
          strict: def.catchall?._zod.def.type === 'never',
          // Only fields that may hold an object: the rest cannot hold an unknown key.
          nested: known.filter((key) => readsObject(shape[key]!)).map((key) => [key, shape[key]!]),
        }
      : null;
    keyChecks.set(schema, check);
  }
  return check;
}

/**
 * The first key of `input` that a strict object schema in `schema` does not know, at any depth
 * (`payment_currency.zzz`), with the keys it takes: zod's own issue for it reads "Invalid
 * input" and names no field.
 */
function unknownKey(schema: z.ZodMiniType, input: unknown, path = ''): UnknownKey | undefined {
  const check = keyCheckOf(schema);
  if (!check || !isPlainObject(input)) return undefined;
  if (check.strict) {
    for (const key of Object.keys(input)) {
      if (!check.knownSet.has(key)) return { name: `${path}${key}`, known: check.known };
    }
  }
  for (const [key, nestedSchema] of check.nested) {
    const nested = unknownKey(nestedSchema, input[key], `${path}${key}.`);
    if (nested) return nested;
  }
  return undefined;
}

function unknownKeyError(what: string, { name, known }: UnknownKey) {
  const choices = known.length ? `it takes ${known.join(', ')}` : 'it takes none';
  return new ApiError(
    422,
    'unknown_field',
    `The ${what} ${JSON.stringify(name)} is not known here; ${choices}.`,
    { field: name },
  );
}

/** Why a body was not read as JSON, in a sentence: not JSON, not Unicode, or past a limit. */
function jsonRefusal(error: JsonSyntaxError): string {
  if (error instanceof NotUnicodeTextError) {
    return 'The request body is not Unicode text: a string escapes half of a surrogate pair alone (such as \\ud800).';
  }
  if (error instanceof JsonLimitError) {
    return error.limit === 'depth'
      ? `The request body nests arrays and objects deeper than ${MAX_DEPTH} levels, more than the proxy reads.`
      : `The request body holds a number longer than ${MAX_NUMBER_LENGTH} characters, more than the proxy reads.`;
  }
  return 'The request body is not valid JSON.';
}

/** Gives a middleware the part of its route's operation in /openapi.json that it decides. */
const describing = <M extends object>(middleware: M, spec: DescribeRouteOptions) =>
  Object.assign(middleware, { [uniqueSymbol]: { spec } });

/**
 * Checks the JSON body with `schema`; an empty body counts as `{}`. A strict object schema
 * refuses fields it does not know, naming the first. `name` is the body's component in
 * /openapi.json. A route with a body takes no query parameter: one given (`?refund_of=` for the
 * body's `refund_of`) is refused before the body is read, never ignored.
 */
export function jsonBody<S extends z.ZodMiniType>(schema: S, name?: string) {
  const middleware = createMiddleware<
    AppEnv,
    string,
    { in: { json: z.input<S> }; out: { json: z.output<S> } }
  >(async (c, next) => {
    const [parameter] = Object.keys(c.req.query());
    if (parameter !== undefined) {
      throw unknownKeyError('query parameter', { name: parameter, known: [] });
    }
    const text = await readText(c);
    let input: unknown = {};
    if (text.trim() !== '') {
      try {
        input = parseJson(text);
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
        throw new ApiError(400, 'invalid_json', jsonRefusal(error));
      }
    }
    const unknown = unknownKey(schema, input);
    if (unknown) throw unknownKeyError('field', unknown);
    const result = validate(schema, input);
    if (!result.success) {
      // zod's own text for a body that is no object (`[]`, `"x"`, `null`) says nothing; a
      // schema with its own sentence for it (a session's, with an example) keeps that.
      const { error, field } = result.failure;
      if (field === '' && error.message === 'Invalid input') {
        throw new ApiError(422, 'invalid_request', 'The request body must be a JSON object.');
      }
      throw validationError(result.failure);
    }
    c.req.addValidatedData('json', result.data as object);
    await next();
  });
  return describing(middleware, {
    requestBody: { content: { 'application/json': { schema: requestSchema(schema, name) } } },
    responses: bodyRefusals,
  });
}

/**
 * A parameter given more than once (`?status=paid&status=created`): refused, since a filter
 * takes one value and keeping the first would answer for half of what was asked.
 */
function repeatedParameter(queries: Record<string, string[]>): ApiError | undefined {
  const name = Object.keys(queries).find((key) => queries[key]!.length > 1);
  return name === undefined
    ? undefined
    : new ApiError(
        422,
        'invalid_request',
        `The ${name} is given ${queries[name]!.length} times; give it once.`,
        { field: name },
      );
}

/**
 * Checks the query string (single values) with `schema`; a strict object schema refuses
 * parameters it does not know (a misspelt filter must not list everything), and any parameter
 * given twice.
 */
export function queryOf<S extends z.ZodMiniType>(schema: S) {
  const middleware = createMiddleware<
    AppEnv,
    string,
    { in: { query: z.input<S> }; out: { query: z.output<S> } }
  >(async (c, next) => {
    const query = c.req.query();
    const unknown = unknownKey(schema, query);
    if (unknown) throw unknownKeyError('query parameter', unknown);
    const repeated = repeatedParameter(c.req.queries());
    if (repeated) throw repeated;
    const result = validate(schema, query);
    if (!result.success) throw validationError(result.failure);
    c.req.addValidatedData('query', result.data as object);
    await next();
  });
  return describing(middleware, { parameters: queryParameters(schema), responses: queryRefusals });
}
