import { SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getSystemConfig } from '../../lib/config';
import { getLanguage, getLayout, getTheme, setLanguage, setLayout, setTheme, type Language, type Layout, type Theme } from '../../lib/storage';

/** Saving a preference reloads the page (spec section 4); tests replace it. */
export const reloadPage = { run: () => window.location.reload() };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** Theme, language (only when internationalization is on) and layout; a change saves and reloads. */
export function SettingsPopover() {
  const { t } = useTranslation('frame');
  const intl = getSystemConfig().internationalization;
  const content = (
    <Flex vertical gap={12} data-testid="settings-popover" style={{ minWidth: 220 }}>
      <Row label={t('settings.theme')}>
        <Radio.Group
          data-testid="settings-theme"
          optionType="button"
          value={getTheme()}
          onChange={(e) => {
            setTheme(e.target.value as Theme);
            reloadPage.run();
          }}
          options={[
            { value: 'light', label: <span data-testid="settings-theme-light">{t('settings.light')}</span> },
            { value: 'dark', label: <span data-testid="settings-theme-dark">{t('settings.dark')}</span> },
          ]}
        />
      </Row>
      {intl && (
        <Row label={t('settings.language')}>
          <Radio.Group
            data-testid="settings-language"
            optionType="button"
            value={getLanguage(intl)}
            onChange={(e) => {
              setLanguage(e.target.value as Language);
              reloadPage.run();
            }}
            options={[
              { value: 'zh_cn', label: <span data-testid="settings-language-zh_cn">{t('settings.zh_cn')}</span> },
              { value: 'en', label: <span data-testid="settings-language-en">{t('settings.en')}</span> },
            ]}
          />
        </Row>
      )}
      <Row label={t('settings.layout')}>
        <Radio.Group
          data-testid="settings-layout"
          optionType="button"
          value={getLayout()}
          onChange={(e) => {
            setLayout(e.target.value as Layout);
            reloadPage.run();
          }}
          options={[
            { value: 'vertical', label: <span data-testid="settings-layout-vertical">{t('settings.vertical')}</span> },
            { value: 'horizontal', label: <span data-testid="settings-layout-horizontal">{t('settings.horizontal')}</span> },
          ]}
        />
      </Row>
    </Flex>
  );
  return (
    <Popover trigger="click" title={t('settings.title')} content={content} placement="bottomRight">
      <Button type="text" data-testid="settings-button" aria-label={t('header.settings')} icon={<SettingOutlined />} />
    </Popover>
  );
}
