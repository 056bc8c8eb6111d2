import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../lib/notify';
import { dispatchTabs, useTabs } from './tabs-store';

/**
 * One tab per visited page. The first tab is fixed; others close by their close icon or by the
 * right-click menu ('close', 'close others'). Closing the sole or fixed tab is refused.
 */
export function TabBar() {
  const { t } = useTranslation('frame');
  const navigate = useNavigate();
  const { tabs, activeId } = useTabs();

  const after = () => {
    const next = useTabs.getState().activeId;
    if (next && next !== activeId) navigate(next);
  };
  const close = (id: string) => {
    if (!dispatchTabs({ type: 'close', id })) notify.info(t('tabs.cannotDelete'));
    else after();
  };
  const closeOthers = (id: string) => {
    dispatchTabs({ type: 'closeOthers', id });
    after();
  };

  return (
    <Tabs
      data-testid="tab-bar"
      aria-label={t('tabs.label')}
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeId}
      onChange={(id) => navigate(id)}
      onEdit={(id, action) => action === 'remove' && typeof id === 'string' && close(id)}
      tabBarStyle={{ marginBottom: 0 }}
      items={tabs.map((tab) => ({
        key: tab.id,
        closable: !tab.fixed,
        closeIcon: <CloseOutlined data-testid="tab-close" aria-label={`${t('tabs.close')} ${tab.label}`} />,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'close', label: <span data-testid="tab-menu-close">{t('tabs.close')}</span> },
                { key: 'closeOthers', label: <span data-testid="tab-menu-close-others">{t('tabs.closeOthers')}</span> },
              ],
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'close') close(tab.id);
                else closeOthers(tab.id);
              },
            }}
          >
            <span data-testid="tab" data-tab-id={tab.id} data-fixed={tab.fixed ? 'true' : 'false'}>
              {tab.label}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
}
