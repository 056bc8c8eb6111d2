import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { NAV_ROUTES, type NavRoute } from '@ems/contract';
import { useTranslation } from 'react-i18next';

type Translate = (key: string, params?: Record<string, unknown>) => string;
const rules = (t: Translate) => ({
  required: (field: string) => ({ required: true, whitespace: true, message: t('rule.required', { field: t(`field.${field}`) }) }),
  max: (field: string, max: number) => ({ max, message: t('rule.max', { field: t(`field.${field}`), max }) }),
  path: { pattern: /^\/[A-Za-z0-9_/-]*$/, message: t('rule.path') },
  url: { pattern: /^\/[\x21-\x7e]*$/, message: t('rule.url') },
  key: { pattern: /^[A-Za-z0-9_]*$/, message: t('rule.key') },
});

/** The normal keys (sysconfig_normal): names, language switch, home page, token storage, trend URL, the two ids. */
export function NormalFields() {
  const { t } = useTranslation('admin-sysconfig');
  const r = rules(t);
  return (
    <>
      <Form.Item name="projectName" label={t('field.projectName')} rules={[r.required('projectName'), r.max('projectName', 64)]}>
        <Input data-testid="sysconfig-projectName" />
      </Form.Item>
      <Form.Item name="enProjectName" label={t('field.enProjectName')} rules={[r.max('enProjectName', 128)]}>
        <Input />
      </Form.Item>
      <Form.Item name="internationalization" label={t('field.internationalization')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="pfHomePage" label={t('field.pfHomePage')} extra={t('help.pfHomePage')} rules={[r.required('pfHomePage'), r.max('pfHomePage', 128), r.path]}>
        <Input />
      </Form.Item>
      <Form.Item name="tokenStorage" label={t('field.tokenStorage')}>
        <Radio.Group options={(['session', 'local'] as const).map((v) => ({ value: v, label: t(`tokenStorage.${v}`) }))} />
      </Form.Item>
      <Form.Item name="trendDataUrl" label={t('field.trendDataUrl')} extra={t('help.trendDataUrl')} rules={[r.max('trendDataUrl', 256), r.url]}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="powerUserId" label={t('field.powerUserId')}>
        <InputNumber min={0} max={2147483647} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="sellCompanyId" label={t('field.sellCompanyId')}>
        <InputNumber min={0} max={2147483647} precision={0} style={{ width: 200 }} />
      </Form.Item>
    </>
  );
}

/** The advanced keys (sysconfig_advanced): profile, platform mode, strict authorisation, enabled functions. */
export function AdvancedFields() {
  const { t, i18n } = useTranslation('admin-sysconfig');
  const r = rules(t);
  const english = i18n.language === 'en-US';
  const pages = [...new Map(NAV_ROUTES.map((p: NavRoute) => [p.id, p])).values()];
  return (
    <>
      <Form.Item name="key" label={t('field.key')} extra={t('help.key')} rules={[r.max('key', 32), r.key]}>
        <Input data-testid="sysconfig-key" />
      </Form.Item>
      <Form.Item name="isPlatformModel" label={t('field.isPlatformModel')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="authStringent" label={t('field.authStringent')} extra={t('help.authStringent')} valuePropName="checked">
        <Switch data-testid="sysconfig-authStringent" />
      </Form.Item>
      <Form.Item name="functions" label={t('field.functions')} extra={t('help.functions')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          placeholder={t('allFunctions')}
          options={pages.map((p) => ({ value: p.id, label: `${english ? p.en : p.zh} (${p.path})` }))}
        />
      </Form.Item>
    </>
  );
}
