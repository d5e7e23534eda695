/** @crypto-pay/protocol: the processing API as data. No I/O; runs in Node and browsers. */

export * from './account.ts';
export * from './callbacks.ts';
export * from './countries.ts';
export * from './cross-site.ts';
export * from './error-body.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './formats.ts';
export * from './hosts.ts';
export * from './invoice.ts';
export * from './json.ts';
export * from './money.ts';
export * from './payment-request.ts';
export * from './ports.ts';
export * from './reference.ts';
export * from './sender.ts';
export * from './sender-schemas.ts';
export * from './signing.ts';
export * from './transaction.ts';
export * from './validation.ts';
export * from './withdrawal.ts';
