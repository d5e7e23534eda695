import autocannon from 'autocannon';
import { createdCheckout } from './support/checkouts.ts';
import { startStack } from './support/stack.ts';

const stack = await startStack({
  keepStdout: false,
  proxyEnv: { NODE_OPTIONS: '--import /work/notes/prof.mjs' },
});
const checkout = await createdCheckout(stack.proxy.url);
const r = await autocannon({
  url: `${stack.proxy.url}/api/checkouts/${checkout.id}`,
  connections: 100,
  duration: 8,
});
console.log('rps', r.requests.average);
await stack.stop();
