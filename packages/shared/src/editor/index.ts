/**
 * `@btz/shared/editor`: the section editor's document — its schema (derived from the TipTap extension list the web
 * editor runs), its JSON types, the placeholder patterns and the inline-markup function. A subpath of its own so that
 * importing `@btz/shared` does not load TipTap.
 */
export * from './types.js';
export * from './placeholder.js';
export * from './inline.js';
export * from './schema.js';
