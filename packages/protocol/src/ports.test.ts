import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockedPortProblem } from './ports.ts';
import { webhookUrlProblem } from './webhooks.ts';

/** Each port blocked here, as `URL` writes it. */
const blocked = (from: number, to: number) => {
  const ports: number[] = [];
  for (let port = from; port <= to; port += 1) {
    if (blockedPortProblem(new URL(`http://127.0.0.1:${port}/`))) ports.push(port);
  }
  return ports;
};

describe('blockedPortProblem', () => {
  it("blocks what Node's fetch refuses before sending (bad port), and only for http(s)", async () => {
    const ports = blocked(1, 65_535);
    assert.equal(ports.length, 82);
    for (const port of ports) {
      await assert.rejects(fetch(`http://127.0.0.1:${port}/`), (error: Error) => {
        assert.equal((error.cause as Error).message, 'bad port', String(port));
        return true;
      });
    }
    assert.equal(
      blockedPortProblem(new URL('http://localhost:6000/hooks')),
      'is on port 6000, which fetch never connects to (a port of another protocol, blocked as browsers block it)',
    );
    for (const url of ['http://localhost/', 'https://pay.example:443/', 'http://127.0.0.1:8787']) {
      assert.equal(blockedPortProblem(new URL(url)), undefined, url);
    }
    assert.equal(blockedPortProblem(new URL('ftp://files.example:21/')), undefined);
  });

  it('refuses a webhook endpoint on a blocked port: the proxy could never deliver to it', () => {
    assert.equal(
      webhookUrlProblem('https://shop.example:6667/hooks'),
      'is on port 6667, which fetch never connects to (a port of another protocol, blocked as browsers block it): give the handler another port',
    );
    assert.equal(webhookUrlProblem('https://shop.example:8443/hooks'), undefined);
    // Not a URL at all (a space in its host): said so, not "must be https".
    assert.equal(
      webhookUrlProblem('https://exa mple.com/hooks'),
      'cannot be read as a URL (give it whole, such as https://shop.example/webhooks)',
    );
  });
});
