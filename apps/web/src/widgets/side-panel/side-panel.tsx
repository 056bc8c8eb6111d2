import { useState, type ReactNode } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface SidePanelProps {
  children?: ReactNode;
  title?: ReactNode;
  /** Which side of the page it sits on; the toggle arrow points accordingly. Default 'left'. */
  side?: 'left' | 'right';
  /** Open width in px (default 280). */
  width?: number;
  /** Controlled state; omit to let the panel keep its own. */
  collapsed?: boolean;
  defaultCollapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Keeps the state across visits under this local-storage key. */
  storageKey?: string;
}

function readStored(key: string | undefined): boolean | undefined {
  if (!key) return undefined;
  try {
    const v = localStorage.getItem(key);
    return v === null ? undefined : v === 'true';
  } catch {
    return undefined;
  }
}

/** Side panel (spec section 4): collapses or expands on click; the state is kept. */
export function SidePanel({ children, title, side = 'left', width = 280, storageKey, ...props }: SidePanelProps) {
  const { t } = useTranslation('widgets');
  const { token } = theme.useToken();
  const [inner, setInner] = useState(() => readStored(storageKey) ?? props.defaultCollapsed ?? false);
  const collapsed = props.collapsed ?? inner;

  const toggle = () => {
    const next = !collapsed;
    setInner(next);
    if (storageKey) {
      try {
        localStorage.setItem(storageKey, String(next));
      } catch {
        // storage blocked: state lasts for this visit only
      }
    }
    props.onCollapsedChange?.(next);
  };

  const pointsLeft = (side === 'left') !== collapsed;
  const toggleButton = (
    <Button
      type="text"
      size="small"
      aria-label={t(collapsed ? 'sidePanel.expand' : 'sidePanel.collapse')}
      aria-expanded={!collapsed}
      icon={pointsLeft ? <LeftOutlined /> : <RightOutlined />}
      onClick={toggle}
    />
  );

  return (
    <Flex
      vertical
      style={{
        width: collapsed ? token.controlHeight : width,
        flex: 'none',
        height: '100%',
        background: token.colorBgContainer,
        borderInline: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        transition: `width ${token.motionDurationMid}`,
        overflow: 'hidden',
      }}
    >
      <Flex align="center" justify={collapsed ? 'center' : 'space-between'} style={{ padding: token.paddingXS }}>
        {!collapsed && <Typography.Text strong>{title}</Typography.Text>}
        {toggleButton}
      </Flex>
      {!collapsed && <div style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: `0 ${token.paddingXS}px ${token.paddingXS}px` }}>{children}</div>}
    </Flex>
  );
}
