/** Spec section 2: admin pages are recognised by a hash path starting with /admin. */
export const isAdminPath = (pathname: string): boolean => pathname.startsWith('/admin');

/** What the boundary watch needs of a router: its current location and its state changes. */
export interface WatchedRouter {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

/**
 * Spec section 2: routing between /admin paths and non-/admin paths forces a full page reload. Every
 * way of moving is a router state change (menu, tab, link, navigate, back and forward, a hash typed
 * in the address bar), and the URL already names the new path when the router reports it, so a
 * reload loads that path afresh. Returns the unsubscribe.
 */
export function reloadOnAdminCrossing(router: WatchedRouter, reload: () => void = () => window.location.reload()): () => void {
  let current = router.state.location.pathname;
  return router.subscribe(({ location }) => {
    if (location.pathname === current) return;
    const crossed = isAdminPath(location.pathname) !== isAdminPath(current);
    current = location.pathname;
    if (crossed) reload();
  });
}
