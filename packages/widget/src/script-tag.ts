/**
 * The entry of `crypto-pay.bundled.js`, the script-tag build: the package's exports, and the
 * loader its chunks fetch their parts with (build/chunks-from-proxy.ts hands it to them, not to
 * the page).
 */

export { importPart } from './api/parts.ts';
export * from './crypto-pay.ts';
