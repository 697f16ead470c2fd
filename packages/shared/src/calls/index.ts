/**
 * Every call of the API defined once (api/contract.ts): the server's routes and the web's typed client both derive from
 * these. A separate entry (`@btz/shared/calls`) because the definitions hold zod schemas: only the code that makes or
 * answers a call loads zod, not every page that reads a constant from `@btz/shared`.
 */
export * from '../api/contract.js';
export * from './bid.js';
export * from './writing.js';
export * from './enterprise.js';
export * from './content.js';
export * from './user.js';
export * from './auth.js';
export * from './commerce.js';
export * from './tenant.js';
export * from './pictures.js';
export * from './databank.js';
export * from './repository.js';
export * from './bidcheck.js';
export * from './filetools.js';
export * from './dupcheck.js';
export * from './welfare.js';
export * from './team.js';
export * from './admin.js';
export * from './admin-money.js';
export * from './admin-content.js';
export * from './admin-brand.js';
export * from './review.js';
