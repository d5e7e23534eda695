// Types of stack.mjs, for the TypeScript tests that start the whole product with it.
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const DEMO_ADMIN_TOKEN: string;

export function freePort(): Promise<number>;

export interface StackOptions {
  built?: boolean;
  sandboxPort?: number;
  proxyPort?: number;
  demoPort?: number;
  dataDir?: string;
  output?: 'inherit' | 'pipe';
  /** Extra proxy variables; an empty value leaves the variable unset. */
  extraProxyEnv?: Record<string, string>;
}

export interface RunningStack {
  sandboxUrl: string;
  proxyUrl: string;
  demoUrl: string;
  children: (ChildProcess & { name: string })[];
  logs: { name: string; text: string }[];
  stop(): Promise<void>;
}

export function startStack(options?: StackOptions): Promise<RunningStack>;
