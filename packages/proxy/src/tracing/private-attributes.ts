/**
 * What a span may carry out of the process: only attributes on a short list of known, harmless
 * keys (methods, statuses, routes, the database's kind and parameterised statement, the
 * service's host), and every URL or path among them without query string, credentials or
 * session token. A client's address, user agent, headers and anything an instrumentation adds
 * later are dropped, so personal data and secrets cannot leave through a span.
 */

import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { redactedPath } from '../http/middleware/request-log.ts';

/** Kept as they are. */
const KEPT = new Set([
  'http.request.method',
  'http.method',
  'http.response.status_code',
  'http.status_code',
  'http.route',
  'http.flavor',
  'network.protocol.version',
  'url.scheme',
  'server.address',
  'server.port',
  'net.host.name',
  'net.host.port',
  'net.peer.name',
  'error.type',
  'db.system',
  'db.system.name',
  'db.name',
  'db.namespace',
  'db.operation.name',
  'db.collection.name',
  // Parameterised statements (Kysely binds every value): no value a customer gave.
  'db.statement',
  'db.query.text',
]);

/** URLs: kept without credentials, query string or fragment, the path redacted. */
const URLS = new Set(['url.full', 'http.url']);
/** Paths (with a query string at times): kept without it, redacted. */
const PATHS = new Set(['url.path', 'http.target']);

/** The proxy's own attributes, set by `Tracing.span`. */
const OWN = 'crypto_pay.';

/** A URL as it may be shown: no credentials, query string or fragment, the path redacted. */
export function safeUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${redactedPath(url.pathname)}`;
  } catch {
    return undefined;
  }
}

/** The attributes a span may carry out, from those it was given. */
export function privateAttributes(
  attributes: ReadableSpan['attributes'],
  also: string[] = [],
): ReadableSpan['attributes'] {
  const kept: Record<string, ReadableSpan['attributes'][string]> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (KEPT.has(key) || key.startsWith(OWN) || also.includes(key)) kept[key] = value;
    else if (URLS.has(key) && typeof value === 'string') {
      const url = safeUrl(value);
      if (url !== undefined) kept[key] = url;
    } else if (PATHS.has(key) && typeof value === 'string') {
      kept[key] = redactedPath(value.split('?')[0] ?? '');
    }
  }
  return kept;
}

/**
 * Hands `next` each ended span with its attributes filtered: the span itself stays as the
 * instrumentation left it, the exporter sees a view of it.
 */
export class PrivateAttributesProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    // An event (an exception) keeps its name and the error's type, not its message.
    const events = span.events.map((event) => ({
      ...event,
      attributes: privateAttributes(event.attributes ?? {}, ['exception.type']),
    }));
    this.next.onEnd(
      Object.create(span, {
        attributes: { value: privateAttributes(span.attributes), enumerable: true },
        events: { value: events, enumerable: true },
      }),
    );
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}
