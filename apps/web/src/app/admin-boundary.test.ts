import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { isAdminPath, reloadOnAdminCrossing } from './admin-boundary';

const routes = ['/home', '/deviceMonitor', '/admin/rule', '/admin/algorithm', '/noPermission'].map((path) => ({ path, element: null }));

describe('admin pages load on their own (spec section 2)', () => {
  it('an admin page is one whose hash path starts with /admin', () => {
    expect(['/admin/rule', '/admin', '/admin/algorithm'].map(isAdminPath)).toEqual([true, true, true]);
    expect(['/home', '/deviceMonitor', '/login', '/', '/noPermission'].map(isAdminPath)).toEqual([false, false, false, false, false]);
  });

  it('reloads the page each time navigation crosses between /admin and other paths, not within either side', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
    const reload = vi.fn();
    const stop = reloadOnAdminCrossing(router, reload);
    await router.navigate('/deviceMonitor');
    expect(reload).toHaveBeenCalledTimes(0);
    await router.navigate('/admin/rule');
    expect(reload).toHaveBeenCalledTimes(1);
    await router.navigate('/admin/algorithm');
    expect(reload).toHaveBeenCalledTimes(1);
    await router.navigate(-1);
    expect(reload).toHaveBeenCalledTimes(1);
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/deviceMonitor');
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
    router.dispose();
  });

  it('a redirect out of an admin path that starts there reloads too', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/rule'] });
    const reload = vi.fn();
    reloadOnAdminCrossing(router, reload);
    await router.navigate('/noPermission', { replace: true });
    expect(reload).toHaveBeenCalledTimes(1);
    router.dispose();
  });
});
