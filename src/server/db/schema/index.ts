// The database's tables, one file per room (drizzle.config.ts and drizzle-kit read this file).
// One source for every type: these tables -> the zod schemas of the routes (http/validate.ts) -> Hono routes -> hc<AppType>.
// The database speaks snake_case, the API keeps the spec's names (SPEC §3).

export * from './accounts';
export * from './services';
export * from './employees';
export * from './appointments';
export * from './settings';
export * from './availability';
export * from './notifications';
export * from './front-desk';
export * from './resources';
export * from './bonos';
export * from './gift-cards';
export * from './payments';
export * from './consents';
export * from './reports';
export * from './backups';
export * from './messaging';
export * from './cash-close';
export * from './payment-corrections';
export * from './waiting-list';
