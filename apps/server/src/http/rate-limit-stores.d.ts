// @fastify/rate-limit's own stores, CommonJS files without types (used by http/rate-limit.ts's FallbackStore)
declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: new (...args: unknown[]) => unknown;
  export default RedisStore;
}
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: new (...args: unknown[]) => unknown;
  export default LocalStore;
}
