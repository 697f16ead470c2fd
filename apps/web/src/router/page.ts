import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteError } from './RouteError';

export type PageModule = { default: ComponentType };

/** A lazy page (one file per route, spec §2) with its error boundary inside the layout. */
export function page(
  load: () => Promise<PageModule>,
  extra: Omit<RouteObject, 'lazy' | 'index' | 'children'> & { index?: boolean } = {},
): RouteObject {
  return {
    ...extra,
    lazy: async () => ({ Component: (await load()).default }),
    ErrorBoundary: RouteError,
  } as RouteObject;
}

/** A lazy layout route. */
export const layout = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
