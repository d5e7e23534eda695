/**
 * Validation at the edge: middleware that parses a JSON body (keeping every digit of number
 * amounts) or the query, checks it with a zod schema, and refuses with the error shape and
 * the spec's texts. Handlers read the result with `c.req.valid('json' | 'query')`.
 */

import { JsonSyntaxError, parseJson, validate } from '@crypto-pay/protocol';
import { createMiddleware } from 'hono/factory';
import type * as z from 'zod/mini';
import { readText } from './body.ts';
import type { AppEnv } from './context.ts';
import { ApiError, validationError } from './errors.ts';

/** Checks the JSON body with `schema`; an empty body counts as `{}`. */
export function jsonBody<S extends z.ZodMiniType>(schema: S) {
  return createMiddleware<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }>(
    async (c, next) => {
      const text = await readText(c);
      let input: unknown = {};
      if (text.trim() !== '') {
        try {
          input = parseJson(text);
        } catch (error) {
          if (!(error instanceof JsonSyntaxError)) throw error;
          throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
        }
      }
      const result = validate(schema, input);
      if (!result.success) throw validationError(result.failure);
      c.req.addValidatedData('json', result.data as object);
      await next();
    },
  );
}

/** Checks the query string (single values) with `schema`. */
export function queryOf<S extends z.ZodMiniType>(schema: S) {
  return createMiddleware<
    AppEnv,
    string,
    { in: { query: z.input<S> }; out: { query: z.output<S> } }
  >(async (c, next) => {
    const result = validate(schema, c.req.query());
    if (!result.success) throw validationError(result.failure);
    c.req.addValidatedData('query', result.data as object);
    await next();
  });
}
