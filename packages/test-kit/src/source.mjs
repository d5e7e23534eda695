// How Node runs the workspace's TypeScript source, in development and in the packages' tests:
// each package exports its `dist` (what is published and what the bins run), and its `src` under
// the `@crypto-pay/source` condition; tsx compiles the TypeScript on the fly.
export const SOURCE_FLAGS = ['--conditions=@crypto-pay/source', '--import', 'tsx'];
