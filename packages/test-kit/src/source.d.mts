/** The flags of `node` that run the workspace's TypeScript source (see source.mjs). */
export declare const SOURCE_FLAGS: readonly string[];
