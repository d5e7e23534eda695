/**
 * An OpenTelemetry collector for tests: a real OTLP/HTTP receiver on 127.0.0.1 that takes
 * `POST /v1/traces` in OTLP's JSON encoding (the exporter's `http/json`, gzip or not) and keeps
 * every span, flattened with its resource's and its own attributes. A protobuf export is refused
 * with 415 and a sentence saying to set the protocol, so a test misconfigured says why.
 */

import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { eventually } from './eventually.ts';

export type AttributeValue = string | number | boolean | AttributeValue[] | undefined;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  /** The resource's attributes (`service.name`, …). */
  resource: Record<string, AttributeValue>;
  /** Names of its events (an exception's, …). */
  events: { name: string; attributes: Record<string, AttributeValue> }[];
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to (the exporter adds `/v1/traces`). */
  endpoint: string;
  /** Every span received, in arrival order. */
  spans: ReceivedSpan[];
  /** Waits until a span matches `test` (exports are batched: spans come a while later). */
  span(
    test: (span: ReceivedSpan) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<ReceivedSpan>;
  close(): Promise<void>;
}

interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
}
interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: OtlpKeyValue[];
  events?: { name: string; attributes?: OtlpKeyValue[] }[];
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

function attributeValueOf(value: OtlpAnyValue | undefined): AttributeValue {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(attributeValueOf);
  return undefined;
}

const attributesOf = (list: OtlpKeyValue[] = []): Record<string, AttributeValue> =>
  Object.fromEntries(list.map(({ key, value }) => [key, attributeValueOf(value)]));

/** The spans of one export request, flattened. */
export function spansOf(body: OtlpTraces): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap(({ resource, scopeSpans }) =>
    (scopeSpans ?? []).flatMap(({ spans }) =>
      (spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind ?? 0,
        attributes: attributesOf(span.attributes),
        resource: attributesOf(resource?.attributes),
        events: (span.events ?? []).map((event) => ({
          name: event.name,
          attributes: attributesOf(event.attributes),
        })),
      })),
    ),
  );
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      answer(404, { error: 'Only POST /v1/traces is received here.' });
      return;
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      answer(415, {
        error: 'This receiver takes OTLP JSON: set OTEL_EXPORTER_OTLP_PROTOCOL=http/json.',
      });
      return;
    }
    try {
      const raw = Buffer.concat(chunks);
      const text = (
        request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
      ).toString('utf8');
      spans.push(...spansOf(JSON.parse(text) as OtlpTraces));
      answer(200, {});
    } catch (error) {
      answer(400, { error: `Not an OTLP JSON export: ${String(error)}` });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    span: (test, what, timeoutMs = 15_000) =>
      eventually(() => spans.find(test), `a span: ${what}`, timeoutMs),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * `NODE_OPTIONS` for a process whose loading of OpenTelemetry is watched: it writes
 * `opentelemetry-watch: loaded @opentelemetry/<name> by <package>` to stderr for each package
 * it loads and each package asking for it (`by workspace` when it is the project's own code).
 */
export const openTelemetryWatch = `--import=${new URL('./opentelemetry-watch.mjs', import.meta.url).href}`;

/** What the watch wrote so far: the @opentelemetry packages the process loaded, and by whom. */
export const openTelemetryLoaded = (
  lines: { stream: string; text: string }[],
): { name: string; by: string }[] =>
  lines.flatMap(({ stream, text }) => {
    const match = stream === 'stderr' && /^opentelemetry-watch: loaded (\S+) by (\S+)$/.exec(text);
    return match ? [{ name: match[1] as string, by: match[2] as string }] : [];
  });
