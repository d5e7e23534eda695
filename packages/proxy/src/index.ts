/** @crypto-pay/proxy: the merchant's signing proxy, as a library (the bin runs `main.ts`). */

export { type App, type AppOptions, createApp } from './app.ts';
export { type Catalog, loadCatalog, type Product, parseCatalog } from './catalog.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { type CheckoutHub, createCheckoutHub } from './hub.ts';
export { createLogger, type Log } from './logger.ts';
export { openStore, type RunningProxy, type StartOptions, startProxy } from './server.ts';
export { openSqliteStore } from './store/sqlite.ts';
export type { CheckoutRecord, CheckoutSession, Store } from './store/store.ts';
