import { lazy, Suspense, useEffect, useState } from 'react';
import { APP_EVENTS, type OpenLoginDetail } from '../../lib/events';

const loadDialog = () => import('./LoginDialog');
const LoginDialog = lazy(loadDialog);
/** Fetch the dialog's code once the page has settled, so the first 登录 click opens it at once. */
const PREFETCH_AFTER_MS = 4000;

/**
 * Listens for `btz:open-login` (see `openLogin()` in lib/events) anywhere in the app; the dialog's code loads on first use.
 */
export function LoginHost() {
  const [state, setState] = useState<{ open: boolean; redirect?: string; loaded: boolean }>({ open: false, loaded: false });
  useEffect(() => {
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent<OpenLoginDetail | undefined>).detail ?? {};
      setState({ open: true, redirect: detail.redirect, loaded: true });
    };
    window.addEventListener(APP_EVENTS.openLogin, onOpen);
    const prefetch = setTimeout(() => void loadDialog().catch(() => undefined), PREFETCH_AFTER_MS);
    return () => {
      clearTimeout(prefetch);
      window.removeEventListener(APP_EVENTS.openLogin, onOpen);
    };
  }, []);
  if (!state.loaded) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog
        open={state.open}
        redirect={state.redirect}
        onClose={() => setState((s) => ({ ...s, open: false }))}
      />
    </Suspense>
  );
}
