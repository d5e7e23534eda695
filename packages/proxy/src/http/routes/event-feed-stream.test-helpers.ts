/**
 * The merchant's events stream in tests, over real HTTP: events made through the merchant API
 * (an endpoint's test event, a checkout's creation), the stream opened and read to its
 * `: ready` comment, and its messages and the events `GET /admin/events` lists, compared.
 */

import assert from 'node:assert/strict';
import { type EventStream, messagesOf, openEventStream } from '@crypto-pay/test-kit/event-streams';
import { send, sendJson } from '@crypto-pay/test-kit/http';
import { adminHeaders, seen } from '../../testing.test-helpers.ts';

/**
 * An endpoint that takes no checkout's events: a create queues no delivery (on PostgreSQL, no
 * notice tells the other proxies), while its test events still go to it.
 */
export async function addQuietEndpoint(proxyUrl: string): Promise<string> {
  const created = await sendJson(
    `${proxyUrl}/admin/webhook-endpoints`,
    { url: 'http://127.0.0.1:0/hooks', event_types: ['invoice.confirmed'] },
    { headers: adminHeaders },
  );
  assert.equal(created.status, 201, created.text);
  return (created.json as { id: string }).id;
}

/** Writes a `webhook.test` event through the merchant API; its id. */
export async function testEvent(proxyUrl: string, endpointId: string): Promise<string> {
  const answer = await sendJson(
    `${proxyUrl}/admin/webhook-endpoints/${endpointId}/test`,
    {},
    { headers: adminHeaders },
  );
  assert.equal(answer.status, 202, answer.text);
  return (answer.json as { id: string }).id;
}

/** The events after `after`, as `GET /admin/events` lists them (every page). */
export async function listedAfter(
  proxyUrl: string,
  after: string | undefined,
): Promise<{ id: string; type: string }[]> {
  const events: { id: string; type: string }[] = [];
  let cursor = after;
  for (;;) {
    const query = `limit=200${cursor === undefined ? '' : `&after=${cursor}`}`;
    const answer = await send(`${proxyUrl}/admin/events?${query}`, { headers: adminHeaders });
    assert.equal(answer.status, 200, answer.text);
    const page = answer.json as { data: { id: string; type: string }[]; next_after?: string };
    events.push(...page.data);
    if (!page.next_after) return events;
    cursor = page.next_after;
  }
}

/** Opens the events stream (`query` after `?`) and waits for its start to be fixed. */
export async function openReady(
  proxyUrl: string,
  query = '',
  headers: Record<string, string> = adminHeaders,
  timeoutMs = 60_000,
): Promise<EventStream> {
  const stream = await openEventStream(`${proxyUrl}/admin/events/stream${query}`, {
    headers,
    onText: (text) => seen.push(text),
    timeoutMs,
  });
  await stream.until((text) => text.includes(': ready\n\n'));
  return stream;
}

/** Reads on until the stream has sent `count` messages: them. */
export async function messagesUntil(stream: EventStream, count: number) {
  const text = await stream.until((so) => messagesOf(so).length >= count);
  return messagesOf(text);
}

/** Asserts the messages are the events listed, in order, each once, ids and payloads alike. */
export function assertSameEvents(
  messages: ReturnType<typeof messagesOf>,
  listed: { id: string }[],
): void {
  assert.deepEqual(
    messages.map((message) => message.id),
    listed.map((event) => event.id),
  );
  assert.deepEqual(
    messages.map((message) => message.data),
    listed,
  );
}
