import { createBrowserRouter } from 'react-router';
import { registerNavigate } from '../lib/navigation';
import { routes } from './routes';

/** History mode, base '/' (spec §2). Code outside React navigates through this router. */
export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: '/' });
  registerNavigate((to, opts) => void router.navigate(to, { replace: opts?.replace }));
  return router;
}
