import { lazy, Suspense, useEffect, useState } from 'react';
import { APP_EVENTS, openLogin } from '../../lib/events';
import { isLoggedIn, useUser } from '../../stores/user';
import { closePurchaseDialog, openPurchaseDialog, usePurchase, type OpenPurchaseDetail } from './store';

const loadDialog = () => import('./PurchaseDialog');
const PurchaseDialog = lazy(loadDialog);

/**
 * Mounted once at the root: `btz:open-purchase` (the header's 开通会员, any 5003 answer) opens the purchase dialog
 * with its presets. Anonymous visitors get the login dialog instead. The dialog's code loads on first use.
 */
export function PurchaseHost() {
  const open = usePurchase((s) => s.open);
  const [loaded, setLoaded] = useState(false);
  const token = useUser((s) => s.token);

  // a logout (or a forced 401 logout) takes the dialog away with the session
  useEffect(() => {
    if (open && !token) closePurchaseDialog();
  }, [open, token]);

  useEffect(() => {
    const onOpen = (e: Event) => {
      if (!isLoggedIn()) {
        openLogin({});
        return;
      }
      const detail = ((e as CustomEvent<OpenPurchaseDetail | null | undefined>).detail ?? {}) as OpenPurchaseDetail;
      setLoaded(true);
      openPurchaseDialog(detail);
    };
    window.addEventListener(APP_EVENTS.openPurchase, onOpen);
    return () => window.removeEventListener(APP_EVENTS.openPurchase, onOpen);
  }, []);

  if (!loaded && !open) return null;
  return (
    <Suspense fallback={null}>
      <PurchaseDialog />
    </Suspense>
  );
}
