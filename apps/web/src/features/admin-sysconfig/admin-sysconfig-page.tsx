import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Divider, Flex, Form, Skeleton, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EfficiencyStandardsPanel } from '../efficiency-standards';
import { invalidate } from '../../lib/api/define-query';
import { loadSystemConfig } from '../../lib/config';
import { Permission, usePermission } from '../../lib/permission';
import { saveSystemConfig, systemConfigFileQuery } from './api/system-config';
import { AdvancedFields, NormalFields } from './components/sysconfig-fields';
import { patchOf, valuesOf, type SysconfigValues } from './sysconfig-form';

/** How the page makes the app take the new configuration: it is read at start-up, so a reload (a seam for tests). */
export const appReload = { run: () => window.location.reload() };
const RELOAD_DELAY_MS = 600;

/**
 * /admin/sysconfig: the system configuration file in a form, a normal section (sysconfig_normal) and
 * an advanced one shown only with sysconfig_advanced. Save sends the changed keys; the app then
 * reloads its configuration. A second tab (`?tab=standards`) holds the installation-wide efficiency
 * grade tables (issue 14), which the platform operator keeps like the rest of the configuration.
 */
export default function AdminSysconfigPage() {
  const { t } = useTranslation('admin-sysconfig');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const advanced = usePermission()('sysconfig_advanced');
  const { data: file, isLoading } = useQuery(systemConfigFileQuery());
  const [form] = Form.useForm<SysconfigValues>();
  const [saving, setSaving] = useState(false);
  const initial = useMemo(() => (file ? valuesOf(file) : undefined), [file]);
  const [tab, setTab] = useState(() => (new URLSearchParams(window.location.search).get('tab') === 'standards' ? 'standards' : 'config'));

  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [form, initial]);

  const save = async () => {
    if (!file || saving) return;
    let values: SysconfigValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    const patch = patchOf(file, values, advanced);
    if (Object.keys(patch).length === 0) {
      void message.info(t('nothingChanged'));
      return;
    }
    setSaving(true);
    try {
      await saveSystemConfig(patch);
    } catch {
      return; // the client has shown the server's message
    } finally {
      setSaving(false);
    }
    void message.success(t('saved'));
    await loadSystemConfig();
    await invalidate(queryClient, systemConfigFileQuery);
    // a moment to read the message before the app starts again with the new configuration
    window.setTimeout(() => appReload.run(), RELOAD_DELAY_MS);
  };

  const config =
    isLoading || !initial ? (
      <Skeleton active />
    ) : (
      <Form form={form} layout="horizontal" labelWrap labelCol={{ flex: '240px' }} wrapperCol={{ flex: 'auto' }} initialValues={initial} style={{ maxWidth: 900 }} data-testid="sysconfig-form">
        <Divider titlePlacement="start">
          {t('normal')}
        </Divider>
        <NormalFields />
        <Permission code="sysconfig_advanced">
          <Divider titlePlacement="start">
            {t('advanced')}
          </Divider>
          <Alert type="warning" showIcon title={t('advancedNote')} style={{ marginBottom: 16 }} />
          <AdvancedFields />
        </Permission>
        <Flex gap={8} style={{ marginLeft: 240 }}>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="sysconfig-save">
            {t('save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(initial)} data-testid="sysconfig-reset">
            {t('reset')}
          </Button>
        </Flex>
      </Form>
    );
  return (
    <Card title={t('title')} data-testid="sysconfig-admin">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'config', label: <span data-testid="sysconfig-tab-config">{t('tabConfig')}</span>, children: config },
          { key: 'standards', label: <span data-testid="sysconfig-tab-standards">{t('tabStandards')}</span>, children: <EfficiencyStandardsPanel /> },
        ]}
      />
    </Card>
  );
}
