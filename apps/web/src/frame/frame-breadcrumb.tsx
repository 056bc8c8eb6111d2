import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useFrameModel } from './frame-model';

/** Breadcrumb following the current route: menu group, then page. */
export function FrameBreadcrumb() {
  const { t } = useTranslation('frame');
  const { pathname } = useLocation();
  const route = useFrameModel().findRoute(pathname);
  if (!route) return null;
  return (
    <nav aria-label={t('breadcrumb.label')} data-testid="breadcrumb">
      <Breadcrumb items={[{ title: route.groupLabel }, { title: route.label }]} />
    </nav>
  );
}

/** Favourite label: the path labels joined with '/'. */
export function pathLabel(route: { groupLabel: string; label: string }): string {
  return [route.groupLabel, route.label].filter(Boolean).join('/');
}
