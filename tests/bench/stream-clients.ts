/**
 * Event-stream clients for the push benchmarks: thousands of raw sockets in one process, each
 * noting when the status it waits for arrives, opened in batches.
 */

import { connect } from 'node:net';

const BATCH = 250;

export interface Listener {
  /** performance.now() when the awaited status arrived. */
  heardAt?: number;
  close(): void;
}

/**
 * Opens one stream over a raw socket and resolves once its first event arrived. The client is a
 * plain socket with a text search, not an HTTP parser, so that 5,000 of them in one process
 * measure the server rather than the load generator.
 */
export function listen(url: string, awaited: string): Promise<Listener> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const listener: Listener = { close: () => socket.destroy() };
    let text = '';
    let connected = false;
    socket.setEncoding('latin1');
    socket.once('connect', () =>
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (!connected) {
        const body = text.indexOf('\r\n\r\n');
        if (body === -1) return;
        if (!text.startsWith('HTTP/1.1 200')) {
          reject(new Error(`stream answered ${text.slice(0, text.indexOf('\r\n'))}`));
          return;
        }
        // The first event (the state at connection) ends with a blank line.
        if (text.indexOf('\n\n', body + 4) === -1) return;
        connected = true;
        resolve(listener);
      }
      if (listener.heardAt === undefined && text.includes(awaited))
        listener.heardAt = performance.now();
    });
    socket.on('error', (error) => (connected ? undefined : reject(error)));
  });
}

export async function openAll(url: string, count: number, awaited: string): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let opened = 0; opened < count; opened += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - opened) }, () =>
      listen(url, awaited),
    );
    listeners.push(...(await Promise.all(batch)));
  }
  return listeners;
}

/** Waits until every listener heard the status (or `timeoutMs` passed). */
export async function heard(listeners: Listener[], timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (
    listeners.some((listener) => listener.heardAt === undefined) &&
    performance.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
