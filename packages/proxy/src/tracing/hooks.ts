/**
 * The proxy's few touch points with tracing, behind an interface that imports nothing of
 * OpenTelemetry: until `installTracing` is called (only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set, by `sdk.ts`, loaded dynamically) every hook is a no-op and no OpenTelemetry module is
 * loaded at all.
 */

/** Whether the environment asks for traces (then `sdk.ts` is loaded). */
export const tracesWanted = (env: Record<string, string | undefined>): boolean =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

/** Span attributes the proxy sets itself: statuses, counts, kinds; never ids or amounts. */
export type SpanAttributes = Record<string, string | number | boolean>;

export interface Tracing {
  /** Whether spans are recorded: callers that wrap a hot path check it once, at set-up. */
  readonly active: boolean;
  /** `trace_id` and `span_id` of the active span, for a log line; undefined outside one. */
  logFields(): { trace_id: string; span_id: string } | undefined;
  /** Names the incoming request's span by the route template that answered (`http.route`). */
  nameRequest(method: string, route: string): void;
  /**
   * Runs `work` inside a new span `name`, ended when `work` returns or its promise settles;
   * `annotate` adds attributes once the outcome is known.
   */
  span<T>(
    name: string,
    attributes: SpanAttributes,
    work: (annotate: (more: SpanAttributes) => void) => T,
  ): T;
}

const ignore = () => {};

export const noTracing: Tracing = {
  active: false,
  logFields: () => undefined,
  nameRequest: ignore,
  span: (_name, _attributes, work) => work(ignore),
};

let current: Tracing = noTracing;

/** Called once, before the proxy starts, by the OpenTelemetry set-up. */
export function installTracing(tracing: Tracing): void {
  current = tracing;
}

/** The tracing in force: `noTracing` unless OpenTelemetry was started. */
export const tracing = (): Tracing => current;
