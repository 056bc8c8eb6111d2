import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getSystemConfig } from '../lib/config';
import { getLayout, getSidebarCollapsed, setSidebarCollapsed } from '../lib/storage';
import { FrameBreadcrumb } from './frame-breadcrumb';
import { FavouriteStar } from './header/favourites';
import { HeaderTools } from './header/frame-header';
import { KeepAlivePages } from './keep-alive-pages';
import { useNotificationChannel } from './notifications';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import { useTabSync } from './use-tab-sync';

function ProductName({ collapsed = false }: { collapsed?: boolean }) {
  const { i18n } = useTranslation();
  const config = getSystemConfig();
  const name = i18n.language === 'en-US' ? config.enProjectName : config.projectName;
  if (collapsed) return null;
  return (
    // a long (English) name takes a second line, then an ellipsis with the whole name on hover
    <Typography.Paragraph strong ellipsis={{ rows: 2 }} title={name} style={{ fontSize: 16, lineHeight: 1.25, margin: 0 }} data-testid="product-name">
      {name}
    </Typography.Paragraph>
  );
}

/**
 * The frame around every page: side menu (vertical layout) or top menu (horizontal layout),
 * header tools, tab bar, breadcrumb with the favourite star, and the kept-alive pages.
 */
export function FrameLayout({ notifications }: { notifications?: ReactNode }) {
  const { t } = useTranslation('frame');
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(getSidebarCollapsed);
  const layout = getLayout();
  useTabSync();
  useNotificationChannel();

  const toggle = () => {
    setSidebarCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };
  const headerStyle = {
    background: token.colorBgContainer,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    paddingInline: token.paddingSM,
    height: 56,
    lineHeight: '56px',
    display: 'flex',
    alignItems: 'center',
    gap: token.marginSM,
  };
  const main = (
    <Layout.Content style={{ display: 'flex', flexDirection: 'column', minWidth: 0, overflow: 'hidden' }}>
      <div style={{ background: token.colorBgContainer, paddingInline: token.paddingSM, paddingTop: token.paddingXXS }}>
        <TabBar />
      </div>
      <Flex align="center" gap={8} style={{ padding: `${token.paddingXS}px ${token.padding}px` }}>
        <FrameBreadcrumb />
        <FavouriteStar />
      </Flex>
      <main style={{ flex: 1, overflow: 'auto', padding: `0 ${token.padding}px ${token.padding}px` }} data-testid="frame-content">
        <KeepAlivePages />
      </main>
    </Layout.Content>
  );

  if (layout === 'horizontal') {
    return (
      <Layout style={{ height: '100vh' }} data-testid="frame" data-layout="horizontal">
        <Layout.Header style={headerStyle}>
          <ProductName />
          <SideMenu mode="horizontal" />
          <HeaderTools notifications={notifications} />
        </Layout.Header>
        {main}
      </Layout>
    );
  }
  return (
    <Layout style={{ height: '100vh' }} data-testid="frame" data-layout="vertical">
      <Layout.Sider
        theme="light"
        width={220}
        collapsed={collapsed}
        collapsedWidth={56}
        trigger={null}
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, overflow: 'auto' }}
        data-testid="sider"
        data-collapsed={collapsed ? 'true' : 'false'}
      >
        <Flex align="center" style={{ height: 56, paddingInline: token.padding }}>
          <ProductName collapsed={collapsed} />
        </Flex>
        <SideMenu mode="inline" collapsed={collapsed} />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header style={headerStyle}>
          <Button
            type="text"
            data-testid="sidebar-toggle"
            aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
          />
          <div style={{ flex: 1 }} />
          <HeaderTools notifications={notifications} />
        </Layout.Header>
        {main}
      </Layout>
    </Layout>
  );
}
