/**
 * The widget's parts for its script-tag build: `GET /widget/{version}/chunks/{file}` serves the
 * chunks `crypto-pay.bundled.js` fetches on demand (languages, sender rules, pay step, QR code)
 * from the `@crypto-pay/widget` this proxy ships. The script then works copied alone, under any
 * name and from any origin: the proxy is the one server every page with the element talks to.
 */

import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ok, ref } from '../../openapi/operations.ts';
import type { AppEnv } from '../context.ts';

/** Where the parts are and which version of the widget they belong to. */
export interface WidgetParts {
  version: string;
  /** The folder of the chunks (`dist/chunks` of the widget's package). */
  folder: string;
}

/** The parts of the `@crypto-pay/widget` installed beside the proxy, if it is. */
export function installedWidgetParts(): WidgetParts | undefined {
  try {
    const manifest = fileURLToPath(import.meta.resolve('@crypto-pay/widget/package.json'));
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    return { version, folder: join(dirname(manifest), 'dist', 'chunks') };
  } catch {
    return undefined;
  }
}

/** A content-hashed file never changes: browsers and CDNs may keep it for a year. */
const PART_HEADERS = {
  'Content-Type': 'text/javascript; charset=utf-8',
  'Cache-Control': 'public, max-age=31536000, immutable',
  // Public code, no credentials: any shop's page may load it as a module (a CORS fetch).
  'Access-Control-Allow-Origin': '*',
};

export function widgetPartRoutes(parts: WidgetParts | undefined) {
  // Read once, on the first request: about 150 KB, and a proxy without the widget still starts.
  let files: Promise<Map<string, Uint8Array<ArrayBuffer>>> | undefined;
  const load = async (folder: string) => {
    const names = (await readdir(folder).catch(() => [])).filter((name) =>
      /^[\w-]+\.bundled-[\w-]+\.js$/.test(name),
    );
    return new Map(
      await Promise.all(
        names.map(
          async (name) => [name, new Uint8Array(await readFile(join(folder, name)))] as const,
        ),
      ),
    );
  };
  return new Hono<AppEnv>().get(
    '/:version/chunks/:file',
    describeRoute({
      summary: 'A chunk of the script-tag widget (crypto-pay.bundled.js) of this proxy’s version',
      responses: {
        200: {
          description: 'The chunk, cached for a year',
          content: { 'text/javascript': { schema: { type: 'string' } } },
        },
        404: ok('widget_version_mismatch, or not_found: no such chunk', ref('Error')),
      },
    }),
    async (c) => {
      const { version, file } = c.req.param();
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Cache-Control', 'no-store');
      const served = parts?.version;
      if (!parts || version !== served) {
        const error = served
          ? `This proxy serves the parts of the widget ${served}, not ${version}: use crypto-pay.bundled.js of the proxy's version.`
          : 'This proxy has no widget parts: @crypto-pay/widget is not installed beside it.';
        return c.json({ error, code: 'widget_version_mismatch' }, 404);
      }
      files ??= load(parts.folder);
      const body = (await files).get(file);
      if (!body) {
        const error = `The widget ${served} has no part named ${file}.`;
        return c.json({ error, code: 'not_found' }, 404);
      }
      return c.body(body, 200, PART_HEADERS);
    },
  );
}
