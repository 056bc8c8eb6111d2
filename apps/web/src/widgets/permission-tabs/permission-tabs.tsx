import { Tabs, type TabsProps } from 'antd';
import { usePermission } from '../../lib/permission';
import { EmptyState } from '../empty-state/empty-state';

type TabItem = NonNullable<TabsProps['items']>[number];

export interface PermissionTabItem extends TabItem {
  /** permission code(s) guarding the pane; space-separated codes pass if any is held; none passes */
  permission?: string;
}

export interface PermissionTabsProps extends Omit<TabsProps, 'items'> {
  items: PermissionTabItem[];
  /** for tests; default: checking is active only in production builds (spec section 6) */
  isProduction?: boolean;
}

/**
 * Tab container (spec section 6): a pane whose permission check fails is hidden, with its tab. When
 * the requested active pane is hidden the first visible one shows; with none visible, the no-access
 * empty state shows instead of an empty container.
 */
export function PermissionTabs({ items, isProduction, activeKey, defaultActiveKey, ...rest }: PermissionTabsProps) {
  const can = usePermission(isProduction);
  const visible = items.filter((item) => can(item.permission)).map(({ permission: _p, ...item }) => item);
  if (visible.length === 0) return <EmptyState kind="noAccess" />;
  const keys = visible.map((i) => i.key);
  const pick = (key: string | undefined) => (key !== undefined && keys.includes(key) ? key : keys[0]);
  return (
    <Tabs
      {...rest}
      items={visible}
      {...(activeKey !== undefined ? { activeKey: pick(activeKey) } : {})}
      defaultActiveKey={pick(defaultActiveKey)}
    />
  );
}
