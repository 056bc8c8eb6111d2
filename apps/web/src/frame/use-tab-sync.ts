import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { useFrameModel } from './frame-model';
import { dispatchTabs, resetTabs } from './tabs-store';

/**
 * Keeps the tab bar in step with the route: the fixed first tab is 'home-' plus the home page's
 * label and is rebuilt when the module or project changes; each visited page opens or activates
 * its tab.
 */
export function useTabSync(): void {
  const { t } = useTranslation('frame');
  const { pathname } = useLocation();
  const { homePath, findRoute } = useFrameModel();
  const module = useSession((s) => s.module);
  const projectId = useSession((s) => s.projectId);
  const lastHomeKey = useRef<string | null>(null);
  useEffect(() => {
    const homeKey = `${module}:${projectId ?? ''}:${homePath ?? ''}`;
    if (homeKey !== lastHomeKey.current) {
      lastHomeKey.current = homeKey;
      const home = homePath ? findRoute(homePath) : undefined;
      if (homePath && home) resetTabs({ id: homePath, label: `${t('tabs.homePrefix')}${home.label}` });
    }
    const route = findRoute(pathname);
    if (route && route.module === module) dispatchTabs({ type: 'open', tab: { id: pathname, label: route.label } });
  }, [pathname, module, projectId, homePath, findRoute, t]);
}
