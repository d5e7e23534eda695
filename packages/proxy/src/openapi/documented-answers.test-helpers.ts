/**
 * Holds every answer the in-process route tests receive to /openapi.json: the route that
 * answered (found by the app's own router) must list the answer's status and media type, and a
 * JSON body must fit that status's schema, checked by a JSON Schema 2020-12 validator. A
 * merchant's client generated from the document would trip over any answer it misdescribes.
 */

import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Env, Hono, Schema } from 'hono';
import { openApiDocument } from './document.ts';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Checker {
  /** The document's operations, by path and then method. */
  paths: Record<string, Record<string, unknown>>;
  ajv: Ajv2020;
  /** Compiled answer schemas, by their JSON. */
  validators: Map<string, ValidateFunction>;
}

/**
 * One document, validator and set of compiled schemas per set of registered routes (the merchant
 * API on or off): test apps are made afresh for each test, and generating and compiling once
 * per test file (each runs in its own process) keeps the check cheap.
 */
const checkers = new Map<string, Promise<Checker>>();

function checkerOf<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
): Promise<Checker> {
  const routes = app.routes.map((route) => `${route.method} ${route.path}`).join('\n');
  let checker = checkers.get(routes);
  if (!checker) {
    checker = openApiDocument(app).then((document) => {
      const ajv = new Ajv2020({
        allErrors: true,
        // Formats are the validating zod schemas' business, not the document's shapes.
        validateFormats: false,
        // The schemas are found by pointers into the document, whose own fields are not
        // keywords; `example` is OpenAPI's. Any other unknown keyword is a typo to fail on.
        keywords: [...Object.keys(document), 'example'],
        // document.test.ts validates the document; checked again here against the meta-schema,
        // it would cost each test file up to a quarter of a second more.
        validateSchema: false,
      });
      ajv.addSchema(document as object, 'openapi.json');
      return { paths: document.paths ?? {}, ajv, validators: new Map() };
    });
    checkers.set(routes, checker);
  }
  return checker;
}

/** `GET /api/checkouts/:id` as the document writes it: `/api/checkouts/{id}`. */
const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
/** A JSON Pointer segment (RFC 6901), as `$ref`s into the document need them. */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The route `app` answers `method path` with, as the document names it; none for a 404 of no route. */
function routeOf(app: Pick<Hono, 'router'>, method: string, path: string) {
  const [matches] = app.router.match(method === 'HEAD' ? 'GET' : method, path) as [
    [[unknown, { method: string; path: string }], unknown][],
  ];
  const route = matches.map(([[, route]]) => route).find((route) => route.method !== 'ALL');
  return route && { method: route.method.toLowerCase(), path: documentPath(route.path) };
}

/**
 * Fails (an `AssertionError` in the test that asked) when `response`, `app`'s answer to
 * `method url`, is not what /openapi.json says that operation answers. `text` is its body read.
 */
export async function assertDocumented<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
  method: string,
  url: string,
  response: Response,
  text: string | undefined,
): Promise<void> {
  const route = routeOf(app, method.toUpperCase(), new URL(url, 'http://localhost').pathname);
  if (!route) return; // No route: the app's `notFound`, which no operation answers.
  const { paths, ajv, validators } = await checkerOf(app);
  const name = `${route.method.toUpperCase()} ${route.path}`;
  const operation = paths[route.path]?.[route.method] as Operation | undefined;
  assert.ok(operation, `${name} is not in /openapi.json`);
  const status = String(response.status);
  const answer = operation.responses[status];
  assert.ok(answer, `${name} answered ${status}, which /openapi.json does not list for it`);
  const mediaType = response.headers.get('Content-Type')?.split(';')[0]?.trim();
  if (mediaType === undefined || text === undefined || text === '') return;
  assert.ok(
    answer.content?.[mediaType],
    `${name} answered ${status} as ${mediaType}, which /openapi.json does not list for it`,
  );
  const schema = answer.content[mediaType].schema;
  if (mediaType !== 'application/json' || schema === undefined) return;
  // Most answers share a schema (`$ref` Error, above all): compiled once for them all.
  const shape = JSON.stringify(schema);
  let validate = validators.get(shape);
  if (!validate) {
    const at = ['paths', route.path, route.method, 'responses', status, 'content', mediaType];
    validate = ajv.getSchema(`openapi.json#/${[...at, 'schema'].map(pointer).join('/')}`);
    assert.ok(validate, `no schema for ${name} ${status}`);
    validators.set(shape, validate);
  }
  if (!validate(JSON.parse(text))) {
    assert.fail(
      `${name} answered ${status} with a body /openapi.json does not describe: ` +
        `${ajv.errorsText(validate.errors, { dataVar: 'body' })}\n${text.slice(0, 300)}`,
    );
  }
}
