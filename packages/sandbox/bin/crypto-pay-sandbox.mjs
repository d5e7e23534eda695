#!/usr/bin/env node
// The sandbox as published: the built `dist/`, nothing compiled on the fly. In development,
// `pnpm --filter @crypto-pay/sandbox dev` runs the TypeScript source.
import '../dist/cli.js';
