#!/usr/bin/env node
// `pnpm start`: sandbox + proxy + demo shop, one command. `pnpm start --built` runs the built
// packages (after `pnpm build`). Ctrl-C stops all three; so does any one of them dying.
import { ROOT, startStack } from './stack.mjs';

const built = process.argv.includes('--built');
const port = (variable, fallback) => {
  const value = process.env[variable];
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    console.error(`${variable} must be a port number from 1 to 65535, not "${value}".`);
    process.exit(1);
  }
  return number;
};

let stack;
try {
  stack = await startStack({
    built,
    sandboxPort: port('SANDBOX_PORT', 8790),
    proxyPort: port('PORT', 8787),
    demoPort: port('DEMO_PORT', 5173),
  });
} catch (error) {
  console.error(`\ncrypto-pay could not start: ${error.message}`);
  process.exit(1);
}

console.log(`
  crypto-pay is running${built ? ' (built packages)' : ''} from ${ROOT}

  Demo shop          ${stack.demoUrl}/
  Sandbox dashboard  ${stack.sandboxUrl}/_sandbox/
  Proxy              ${stack.proxyUrl}/healthz

  Ctrl-C stops everything.
`);

let stopping = false;
const shutdown = async (code) => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
for (const child of stack.children) {
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\n${child.name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    shutdown(1);
  });
}
