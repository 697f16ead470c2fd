import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerContentRoutes } from './routes.js';
import { registerSeoRoutes } from './seo.js';

export { contentView, notFoundView, type ContentView } from './seo.js';

/** The public site's content (PRODUCT.md §4): JSON calls, sitemap, robots.txt, generated merchant logos. */
export function registerContent(fastify: FastifyInstance, app: AppContext): void {
  registerContentRoutes(fastify, app);
  registerSeoRoutes(fastify, app);
}
