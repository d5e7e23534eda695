import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import widgetManifest from '@crypto-pay/widget/package.json' with { type: 'json' };
import { installedWidgetParts, widgetPartRoutes } from './widget-parts.ts';

const folder = mkdtempSync(join(tmpdir(), 'crypto-pay-parts-'));
after(() => rmSync(folder, { recursive: true, force: true }));
mkdirSync(folder, { recursive: true });
const PART = 'export const de = { submit: "Weiter" };\n';
writeFileSync(join(folder, 'de.bundled-Ab1_x.js'), PART);
// The bundler build's chunk beside it is not the script-tag build's: not served.
writeFileSync(join(folder, 'de-Ab1_x.js'), PART);
const routes = widgetPartRoutes({ version: '1.2.3', folder });

describe('the widget parts', () => {
  it('serves a chunk of its version to any origin, cached for good', async () => {
    const response = await routes.request('/1.2.3/chunks/de.bundled-Ab1_x.js', {
      headers: { Origin: 'https://other.example' },
    });
    assert.equal(response.status, 200);
    assert.equal(await response.text(), PART);
    assert.equal(response.headers.get('Content-Type'), 'text/javascript; charset=utf-8');
    assert.equal(response.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  });

  it('names the version it serves when a script of another version asks', async () => {
    const response = await routes.request('/1.3.0/chunks/de.bundled-Ab1_x.js');
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('Cache-Control'), 'no-store');
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
    const body = await response.json();
    assert.equal(body.code, 'widget_version_mismatch');
    assert.match(body.error, /1\.2\.3, not 1\.3\.0/);
  });

  it('serves nothing else from the folder', async () => {
    for (const file of ['de-Ab1_x.js', 'fr.bundled-Zz.js', '..%2Fpackage.json']) {
      const response = await routes.request(`/1.2.3/chunks/${file}`);
      assert.equal(response.status, 404, file);
      assert.equal((await response.json()).code, 'not_found');
    }
  });

  it('finds the parts of the widget installed beside it', () => {
    const parts = installedWidgetParts();
    assert.equal(parts?.version, widgetManifest.version);
    assert.match(parts?.folder ?? '', /widget[/\\]dist[/\\]chunks$/);
  });

  it('says there are none when no widget is installed', async () => {
    const response = await widgetPartRoutes(undefined).request('/1.2.3/chunks/de.bundled-Ab1_x.js');
    assert.equal(response.status, 404);
    assert.match((await response.json()).error, /no widget parts/);
  });
});
