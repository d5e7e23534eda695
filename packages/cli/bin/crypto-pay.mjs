#!/usr/bin/env node
// The command line as published: the built `dist/`, nothing compiled on the fly. In development,
// `pnpm --filter @crypto-pay/cli dev -- <command>` runs the TypeScript source.
import '../dist/main.js';
