/**
 * Navigation for code outside React (the request client, the user store). The router registers its navigate function;
 * before that (or if it is missing) a full page load is used.
 */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, opts);
  else if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export function currentPath(): string {
  return window.location.pathname;
}
