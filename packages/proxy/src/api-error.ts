/**
 * An error the caller should see as is: its status, code, sentence and field, thrown by the
 * checkout domain and the HTTP layer alike and answered by the HTTP layer's error handler.
 */

import type { ProcessingError } from '@crypto-pay/protocol';
import type { ProxyErrorBody } from '@crypto-pay/protocol/proxy-api';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ApiErrorOptions {
  /** The request field at fault, as the caller wrote it (`sender_data.first_name`). */
  field?: string | undefined;
  /** Headers the answer carries (`Retry-After`, `WWW-Authenticate`). */
  headers?: Record<string, string>;
  /** The processing service's code, when it refused the proxy's credentials. */
  upstreamCode?: string | number | undefined;
  /** What the log says beside a 5xx's sentence (never answered): the cause, for the operator. */
  logged?: Record<string, unknown>;
}

/** An error the caller should see as is. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  readonly upstreamCode: string | number | undefined;
  readonly logged: Record<string, unknown>;
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string | number,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.upstreamCode = options.upstreamCode;
    this.logged = options.logged ?? {};
  }

  body(): ProxyErrorBody {
    const body: ProxyErrorBody = { error: this.message, code: this.code };
    if (this.field) body.field = this.field;
    if (this.upstreamCode !== undefined) body.upstream_code = this.upstreamCode;
    return body;
  }
}

/**
 * A catalogue entry's name as the proxy's machine code: the spec's catalogue-wide `validation`
 * (a text without a row of its own) is `invalid_request`.
 */
export function machineCode(entry: ProcessingError): string {
  return entry.name === 'validation' ? 'invalid_request' : entry.name;
}
