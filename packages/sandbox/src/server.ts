/** Runs a sandbox on a real socket (`@hono/node-server`) and reports where it listens. */

import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSandbox, type Sandbox } from './app.ts';
import type { SandboxOptions } from './config.ts';
import { GENERAL_BASE, PAYMENTS_BASE } from './pipeline.ts';

export interface RunningSandbox {
  /** `http://HOST:PORT` with the real port. */
  url: string;
  /** `{base_url}`: `…/api/v2`. */
  baseUrl: string;
  /** `{payments_base_url}`: `…/api/payments/v1`. */
  paymentsBaseUrl: string;
  apiKey: string;
  /** Sandbox use only: not a real secret. */
  signingSecret: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** Starts a sandbox; port 0 (the default here) picks a free port. */
export function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const { host, port } = sandbox.options;
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: sandbox.app.fetch, port, hostname: host },
      (info: AddressInfo) => {
        const url = `http://${urlHost(host)}:${info.port}`;
        resolve({
          url,
          baseUrl: `${url}${GENERAL_BASE}`,
          paymentsBaseUrl: `${url}${PAYMENTS_BASE}`,
          apiKey: sandbox.options.apiKey,
          signingSecret: sandbox.options.signingSecret,
          sandbox,
          close: () =>
            new Promise<void>((done) => {
              sandbox.close();
              server.close(() => done());
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.once('error', (error) => {
      sandbox.close();
      reject(error);
    });
  });
}
