/**
 * The V8 setting the proxy needs before any of its own code runs: `main.ts` imports this first.
 *
 * Allocation-site pretenuring off. V8 counts how many objects of each allocation site outlive a
 * young collection and, past a share, allocates that site's later objects straight in the old
 * generation. Under status reads it took that decision for the request path at random, in about
 * half of the proxy's starts: each request's objects then went to the old generation, kept the
 * young ones they point to alive until a full collection, and the proxy ran a full collection
 * every 0.3 s, its V8 threads took a fifth of a CPU, and it answered about a quarter fewer reads a
 * second, for as long as it ran (BENCHMARKS.md, issue 32, session 40). A request's objects die
 * with it, which is what the young generation is for. `NODE_OPTIONS` does not take this flag; V8
 * reads it at each collection, so set here, at the start, it holds for the whole process.
 */

import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
