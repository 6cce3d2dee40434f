/**
 * The order service, split by capability. Importers move to the capability modules; this index
 * keeps the old import path working until they do.
 */
export * from './common.ts';
export * from './idempotency.ts';
export * from './placing.ts';
export * from './queries.ts';
export * from './confirm-cancel.ts';
export * from './deposit-freeze.ts';
export * from './payments.ts';
export * from './payment-outcomes.ts';
export * from './return-buyout.ts';
export * from './renewal.ts';
export * from './ops.ts';
