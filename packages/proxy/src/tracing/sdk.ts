/**
 * OpenTelemetry for the proxy, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: the Node SDK with the HTTP (incoming requests and
 * the calls to the processing service), undici (webhook attempts) and pg instrumentations,
 * spans sent over OTLP/HTTP as the standard OTEL_* variables say, through the filter of
 * `private-attributes.ts`; then the proxy's hooks (`hooks.ts`) point at it.
 */

import { createRequire } from 'node:module';
import { isSpanContextValid, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace';
import { ConfigError } from '../process/config.ts';
import { installTracing, type SpanAttributes, type Tracing } from './hooks.ts';
import { PrivateAttributesProcessor } from './private-attributes.ts';

export const DEFAULT_SERVICE_NAME = 'crypto-pay-proxy';

type Env = Record<string, string | undefined>;

/** The OTLP/HTTP exporter OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL names (default http/protobuf). */
function exporterOf(env: Env): SpanExporter {
  const variable = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = env[variable]?.trim() || 'http/protobuf';
  if (protocol === 'http/protobuf') return new ProtobufExporter();
  if (protocol === 'http/json') return new JsonExporter();
  throw new ConfigError(
    `${variable} must be http/protobuf or http/json (the proxy exports over OTLP/HTTP), not ${JSON.stringify(protocol)}.`,
  );
}

/** An OTEL_BSP_* number, as the SDK's own environment reading takes it. */
function bspNumber(env: Env, name: string): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) {
    throw new ConfigError(`${name} must be a number of 0 or more, not ${JSON.stringify(value)}.`);
  }
  return number;
}

function checkEndpoints(env: Env): void {
  for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) {
    const value = env[name];
    if (value && !/^https?:$/.test(URL.parse(value)?.protocol ?? '')) {
      throw new ConfigError(`${name} must be an http(s) URL such as http://collector:4318.`);
    }
  }
}

/** The proxy's hooks over OpenTelemetry's API. */
const openTelemetryTracing = (): Tracing => {
  const tracer = trace.getTracer(DEFAULT_SERVICE_NAME);
  return {
    active: true,
    logFields() {
      const context = trace.getActiveSpan()?.spanContext();
      return context && isSpanContextValid(context)
        ? { trace_id: context.traceId, span_id: context.spanId }
        : undefined;
    },
    nameRequest(method, route) {
      const span = trace.getActiveSpan();
      span?.updateName(`${method} ${route}`);
      span?.setAttribute('http.route', route);
    },
    span(name, attributes, work) {
      return tracer.startActiveSpan(name, { attributes }, (span) => {
        const annotate = (more: SpanAttributes) => span.setAttributes(more);
        const failed = (error: unknown) => {
          // The error's kind, not its message: a message may quote what was sent.
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
          span.end();
        };
        try {
          const result = work(annotate);
          if (result instanceof Promise) {
            return result.then(
              (value) => {
                span.end();
                return value;
              },
              (error: unknown) => {
                failed(error);
                throw error;
              },
            ) as typeof result;
          }
          span.end();
          return result;
        } catch (error) {
          failed(error);
          throw error;
        }
      });
    },
  };
};

export interface StartedTracing {
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Starts the SDK and installs the proxy's hooks; call it before the proxy starts. The SDK's
 * metrics and logs exporters stay off unless their variables ask for them: the proxy's
 * metrics are Prometheus's (METRICS_PORT) and its logs are its JSON lines.
 */
export function startTracing(env: Env = process.env): StartedTracing {
  checkEndpoints(env);
  const exporter = exporterOf(env);
  const batching = {
    scheduledDelayMillis: bspNumber(env, 'OTEL_BSP_SCHEDULE_DELAY'),
    exportTimeoutMillis: bspNumber(env, 'OTEL_BSP_EXPORT_TIMEOUT'),
    maxQueueSize: bspNumber(env, 'OTEL_BSP_MAX_QUEUE_SIZE'),
    maxExportBatchSize: bspNumber(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
  };
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || DEFAULT_SERVICE_NAME,
    spanProcessors: [
      new PrivateAttributesProcessor(
        new BatchSpanProcessor({
          exporter,
          ...Object.fromEntries(Object.entries(batching).filter(([, v]) => v !== undefined)),
        }),
      ),
    ],
    instrumentations: [
      new HttpInstrumentation(),
      new UndiciInstrumentation(),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  // The modules were imported before the SDK started (ESM imports are hoisted): asked for
  // again through `require`, each is patched in place, and every importer shares that object.
  const require = createRequire(import.meta.url);
  for (const name of ['http', 'https', 'pg']) require(name);
  installTracing(openTelemetryTracing());
  return { shutdown: () => sdk.shutdown() };
}
