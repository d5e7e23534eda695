/** Sandbox options, their defaults, and reading them from `SANDBOX_*` variables and flags. */

export interface SandboxOptions {
  /** Port to listen on; 0 picks a free one. Default 8790 for the CLI, 0 for `startSandbox`. */
  port?: number;
  /** Address to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** The merchant's API key; default `sandbox-key`. */
  apiKey?: string;
  /** The merchant's signing secret; default `sandbox-secret`. Sandbox use only. */
  signingSecret?: string;
  /** Where callbacks go; also settable through `POST /_sandbox/merchant`. */
  callbackUrl?: string;
  /** Waits before each retry of a callback not answered with 200; its length caps the retries. */
  callbackRetryDelaysMs?: readonly number[];
  /** Store hosts judged unclean, besides any host under `.invalid`. */
  blockedHosts?: readonly string[];
  /**
   * Host names the sandbox answers to besides `localhost`, any IP address and `host`: a
   * name it is reached by (a container's service name); any other `Host` is refused (421).
   */
  allowedHosts?: readonly string[];
  /** Real time in milliseconds, for tests; default `Date.now`. */
  now?: () => number;
  /**
   * How far the emulated service's clock runs ahead of this machine's, in seconds; negative
   * behind. A real service's clock is not the merchant's: its `life_time` may already be past
   * by the proxy's clock, or far ahead of it. Default 0.
   */
  clockSkewSeconds?: number;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  apiKey: string;
  signingSecret: string;
  callbackUrl: string | null;
  callbackRetryDelaysMs: readonly number[];
  blockedHosts: ReadonlySet<string>;
  allowedHosts: ReadonlySet<string>;
  now: () => number;
  /** What `now` adds to the machine's clock, in seconds (the dashboard shows it). */
  clockSkewSeconds: number;
}

/** The skew a sandbox takes at most either way: a year. */
export const MAX_CLOCK_SKEW_SECONDS = 366 * 24 * 60 * 60;

/** The one rule for a clock skew, as an option or as `SANDBOX_CLOCK_SKEW_SECONDS`. */
function isClockSkew(seconds: number): boolean {
  return Number.isSafeInteger(seconds) && Math.abs(seconds) <= MAX_CLOCK_SKEW_SECONDS;
}

/** What is wrong with a skew `isClockSkew` refuses, named as it was given. */
function clockSkewProblem(name: string, value: string): string {
  return `${name} must be whole seconds from -${MAX_CLOCK_SKEW_SECONDS} to ${MAX_CLOCK_SKEW_SECONDS}, e.g. "-600", got "${value}"`;
}

export const DEFAULT_PORT = 8790;
export const DEFAULT_API_KEY = 'sandbox-key';
export const DEFAULT_SIGNING_SECRET = 'sandbox-secret';
/** The real service retries over hours; the sandbox compresses that to about a minute. */
export const DEFAULT_CALLBACK_RETRY_DELAYS_MS = [250, 1000, 3000, 10000, 30000] as const;

/** A host name as `Host` carries it without its port: letters, digits, dots and hyphens. */
export function isHostName(value: string): boolean {
  return /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(value);
}

/** A callback goes to an absolute http(s) URL; anything else could never be delivered. */
export function isCallbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const delays = options.callbackRetryDelaysMs ?? DEFAULT_CALLBACK_RETRY_DELAYS_MS;
  if (delays.some((delay) => !Number.isInteger(delay) || delay < 0)) {
    throw new RangeError('callbackRetryDelaysMs must hold non-negative integers');
  }
  if (options.callbackUrl !== undefined && !isCallbackUrl(options.callbackUrl)) {
    throw new RangeError(`callbackUrl is not an http(s) URL: ${options.callbackUrl}`);
  }
  const clockSkewSeconds = options.clockSkewSeconds ?? 0;
  if (!isClockSkew(clockSkewSeconds)) {
    throw new RangeError(clockSkewProblem('clockSkewSeconds', String(clockSkewSeconds)));
  }
  const skewMs = clockSkewSeconds * 1000;
  const badName = options.allowedHosts?.find((name) => !isHostName(name));
  if (badName !== undefined) {
    throw new RangeError(`allowedHosts holds host names without a port, not "${badName}"`);
  }
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    apiKey: options.apiKey ?? DEFAULT_API_KEY,
    signingSecret: options.signingSecret ?? DEFAULT_SIGNING_SECRET,
    callbackUrl: options.callbackUrl ?? null,
    callbackRetryDelaysMs: [...delays],
    blockedHosts: new Set((options.blockedHosts ?? []).map((host) => host.toLowerCase())),
    allowedHosts: new Set((options.allowedHosts ?? []).map((host) => host.toLowerCase())),
    now: skewMs === 0 ? (options.now ?? Date.now) : skewed(options.now ?? Date.now, skewMs),
    clockSkewSeconds,
  };
}

const skewed = (now: () => number, skewMs: number) => () => now() + skewMs;

/** Thrown for a bad flag or variable; the CLI prints its message alone. */
export class ConfigError extends Error {}

function port(value: string, name: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 65535) {
    throw new ConfigError(`${name} must be a port number (0-65535), got "${value}"`);
  }
  return parsed;
}

/** The `--port` / `--host` values given on the command line. */
function flagValues(argv: readonly string[]): { port?: string; host?: string } {
  const flags: { port?: string; host?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = flag.includes('=') ? flag.split(/=(.*)/s, 2) : [flag, undefined];
    if (name !== '--port' && name !== '--host') {
      if (name === '--help' || name === '-h') continue;
      throw new ConfigError(
        `Unknown argument "${flag}". Usage: crypto-pay-sandbox [--port N] [--host H]`,
      );
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new ConfigError(`${name} needs a value`);
    if (name === '--port') flags.port = value;
    else flags.host = value;
  }
  return flags;
}

/**
 * Options from `SANDBOX_*` variables, with `--port` / `--host` flags over them: a variable
 * whose setting a flag gives is not read at all, so a bad one does not matter.
 */
export function optionsFromEnvironment(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): SandboxOptions {
  const flags = flagValues(argv);
  const options: SandboxOptions = { port: DEFAULT_PORT };
  if (flags.port !== undefined) options.port = port(flags.port, '--port');
  else if (env.SANDBOX_PORT) options.port = port(env.SANDBOX_PORT, 'SANDBOX_PORT');
  if (flags.host !== undefined) options.host = flags.host;
  else if (env.SANDBOX_HOST) options.host = env.SANDBOX_HOST;
  if (env.SANDBOX_API_KEY) options.apiKey = env.SANDBOX_API_KEY;
  if (env.SANDBOX_SIGNING_SECRET) options.signingSecret = env.SANDBOX_SIGNING_SECRET;
  if (env.SANDBOX_CALLBACK_URL) {
    if (!isCallbackUrl(env.SANDBOX_CALLBACK_URL)) {
      throw new ConfigError(
        `SANDBOX_CALLBACK_URL is not an http(s) URL: "${env.SANDBOX_CALLBACK_URL}"`,
      );
    }
    options.callbackUrl = env.SANDBOX_CALLBACK_URL;
  }
  if (env.SANDBOX_BLOCKED_HOSTS) {
    options.blockedHosts = env.SANDBOX_BLOCKED_HOSTS.split(',')
      .map((host) => host.trim())
      .filter(Boolean);
  }
  if (env.SANDBOX_ALLOWED_HOSTS) {
    const names = env.SANDBOX_ALLOWED_HOSTS.split(',')
      .map((host) => host.trim())
      .filter(Boolean);
    const bad = names.find((name) => !isHostName(name));
    if (bad !== undefined) {
      throw new ConfigError(
        `SANDBOX_ALLOWED_HOSTS must be comma-separated host names without a port, got "${bad}"`,
      );
    }
    options.allowedHosts = names;
  }
  if (env.SANDBOX_CALLBACK_RETRY_DELAYS_MS) {
    const delays = env.SANDBOX_CALLBACK_RETRY_DELAYS_MS.split(',').map((part) => part.trim());
    if (delays.some((delay) => !/^\d+$/.test(delay))) {
      throw new ConfigError(
        'SANDBOX_CALLBACK_RETRY_DELAYS_MS must be comma-separated milliseconds, e.g. "250,1000"',
      );
    }
    options.callbackRetryDelaysMs = delays.map(Number);
  }
  if (env.SANDBOX_CLOCK_SKEW_SECONDS) {
    const skew = env.SANDBOX_CLOCK_SKEW_SECONDS.trim();
    // Digits only: Number() would also take "1e3", "0x10" or "".
    const seconds = /^-?\d+$/.test(skew) ? Number(skew) : Number.NaN;
    if (!isClockSkew(seconds)) {
      throw new ConfigError(clockSkewProblem('SANDBOX_CLOCK_SKEW_SECONDS', skew));
    }
    options.clockSkewSeconds = seconds;
  }
  return options;
}

/** Which flag or variable set the address to bind, to name it when it cannot be bound. */
export function hostSource(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): string {
  if (argv.some((arg) => arg === '--host' || arg.startsWith('--host='))) return '--host';
  return env.SANDBOX_HOST ? 'SANDBOX_HOST' : 'the default host';
}
