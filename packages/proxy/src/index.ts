/** @crypto-pay/proxy: the merchant's signing proxy, as a library (the bin runs `process/main.ts`). */

export { type Catalog, loadCatalog, type Product, parseCatalog } from './checkout/catalog.ts';
export { type CheckoutHub, createCheckoutHub } from './checkout/hub.ts';
// An app built with createApp on a PostgreSQL store hears other proxies' changes through it.
export { relayStoreChanges } from './checkout/relay.ts';
export { type App, type AppOptions, createApp } from './http/app.ts';
export { type Config, ConfigError, loadConfig } from './process/config.ts';
export { createLogger, type Log } from './process/logger.ts';
export { openStore, type RunningProxy, type StartOptions, startProxy } from './process/server.ts';

import { openSqliteStore as openSqlite } from './store/sqlite.ts';
import type { Store } from './store/store.ts';

export type { CheckoutRecord, CheckoutSession, Store, StoreChangeListener } from './store/store.ts';

/**
 * Opens (creating if needed) and migrates the SQLite store at `file` (`:memory:` for one in
 * memory). Without the tests' hook on the raw connection, whose better-sqlite3 type would make
 * every user of these types install `@types/better-sqlite3`.
 */
export const openSqliteStore: (file: string) => Store = openSqlite;
export { newWebhookSecret } from './webhooks/endpoint-url.ts';
