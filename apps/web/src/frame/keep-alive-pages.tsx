import { Activity, Component, Suspense, useEffect, type ReactNode } from 'react';
import { Flex, Result, Spin } from 'antd';
import { keepAliveIds } from '@ems/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { useFrameModel } from './frame-model';
import { useTabs } from './tabs-store';

class PageErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ChunkError() {
  const { t } = useTranslation();
  return <Result data-testid="page-error" status="warning" title={t('common:http.chunkLoad')} />;
}

/**
 * Up to 5 pages stay mounted (the most recently shown tabs); only the active one is visible.
 * React's Activity keeps a hidden page's state; showing it again dispatches a window resize so
 * charts fit their box again.
 */
export function KeepAlivePages() {
  const state = useTabs();
  const module = useSession((s) => s.module);
  const { findRoute } = useFrameModel();
  const alive = keepAliveIds(state);
  useEffect(() => {
    const frame = requestAnimationFrame(() => window.dispatchEvent(new Event('resize')));
    return () => cancelAnimationFrame(frame);
  }, [state.activeId]);
  return (
    <>
      {alive.map((id) => {
        const route = findRoute(id);
        if (!route) return null;
        const { Page } = route;
        return (
          <Activity key={`${module}:${id}`} mode={id === state.activeId ? 'visible' : 'hidden'}>
            <div data-testid="page" data-page={route.key} style={{ height: '100%' }}>
              <PageErrorBoundary fallback={<ChunkError />}>
                <Suspense
                  fallback={
                    <Flex justify="center" style={{ padding: 48 }}>
                      <Spin />
                    </Flex>
                  }
                >
                  <Page />
                </Suspense>
              </PageErrorBoundary>
            </div>
          </Activity>
        );
      })}
    </>
  );
}
