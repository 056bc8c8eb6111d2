import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BulbOutlined,
  DashboardOutlined,
  GlobalOutlined,
  MoneyCollectOutlined,
  RobotOutlined,
  SettingOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The antd icons the navigation tree names (imported one by one to keep the bundle small). */
const ICONS: Record<string, ComponentType> = {
  AlertOutlined,
  BarChartOutlined,
  BulbOutlined,
  DashboardOutlined,
  GlobalOutlined,
  MoneyCollectOutlined,
  RobotOutlined,
  SettingOutlined,
  ThunderboltOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
