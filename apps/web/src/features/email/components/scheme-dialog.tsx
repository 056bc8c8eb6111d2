import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MailScheme, MailSchemeOptions } from '@ems/contract';
import { EditDialog, VALIDATE_ON_BLUR, useFormRules } from '../../../widgets';
import { mailOptionsQuery, saveMailScheme } from '../email-api';
import { UserTreePicker } from './user-tree-picker';
import { ADDRESS_RE, NEW_MAIL_SCHEME, NEW_REPORT, TIME_RE, toMailSchemeForm, toMailSchemeInput, type MailSchemeFormValues } from '../scheme-form';

export interface MailSchemeDialogProps {
  open: boolean;
  projectId: number;
  /** the scheme edited; null: a new one */
  record: MailScheme | null;
  onClose: () => void;
  onSaved: () => void;
}

interface GroupOption {
  value: number;
  title: string;
  children: GroupOption[];
}
/** The tenant's groups as their tree. */
function groupTree(groups: MailSchemeOptions['groups']): GroupOption[] {
  const ids = new Set(groups.map((g) => g.id));
  const of = (parent: number | null): GroupOption[] =>
    groups.filter((g) => (parent === null ? g.parentId === null || !ids.has(g.parentId) : g.parentId === parent)).map((g) => ({ value: g.id, title: g.name, children: of(g.id) }));
  return of(null);
}

const LANGS = ['zh-CN', 'en-US'] as const;

/** Create or edit a distribution scheme: recipients (users, groups, addresses), report subscriptions with schedules, event subscription. */
export function MailSchemeDialog({ open, projectId, record, onClose, onSaved }: MailSchemeDialogProps) {
  const { t } = useTranslation('email');
  const rules = useFormRules();
  const [form] = Form.useForm<MailSchemeFormValues>();
  const options = useQuery(mailOptionsQuery(projectId));
  const eventsOn = Form.useWatch('eventsOn', form) as boolean | undefined;
  const mode = Form.useWatch(['events', 'mode'], form) as string | undefined;
  const reports = (Form.useWatch('reports', form) as MailSchemeFormValues['reports'] | undefined) ?? [];
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(record ? toMailSchemeForm(record) : NEW_MAIL_SCHEME);
    }
  }, [open, record, form]);
  const save = async () => {
    const values = await form.validateFields();
    await saveMailScheme(toMailSchemeInput(projectId, { ...NEW_MAIL_SCHEME, ...values, events: { ...NEW_MAIL_SCHEME.events, ...values.events } }), record?.id);
    return true;
  };
  const addressRule = {
    validator: async (_: unknown, list: string[] | undefined) => {
      const bad = (list ?? []).find((a) => !ADDRESS_RE.test(a.trim()));
      if (bad !== undefined) throw new Error(`"${bad}" ${t('server.badAddress')}`);
    },
  };
  const timesRule = {
    validator: async (_: unknown, list: string[] | undefined) => {
      if (mode === 'digest' && (list ?? []).length === 0) throw new Error(t('scheme.badTime'));
      if ((list ?? []).some((v) => !TIME_RE.test(v))) throw new Error(t('scheme.badTime'));
    },
  };
  const o = options.data;
  return (
    <EditDialog open={open} width={860} title={t(record ? 'scheme.editTitle' : 'scheme.addTitle')} onClose={onClose} beforeConfirm={save} onConfirm={onSaved}>
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="mail-scheme-form" preserve>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item name="name" label={t('scheme.name')} required rules={rules.name(50)}>
              <Input data-testid="mail-scheme-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t('scheme.enabled')} valuePropName="checked">
              <Switch data-testid="mail-scheme-enabled" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('scheme.recipients')}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="userIds" label={t('scheme.users')}>
              <UserTreePicker options={o} data-testid="mail-scheme-users" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="groupIds" label={t('scheme.groups')}>
              <TreeSelect<number[]> multiple treeDefaultExpandAll data-testid="mail-scheme-groups" treeData={groupTree(o?.groups ?? [])} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="addresses" label={t('scheme.addresses')} extra={t('scheme.addressesHelp')} rules={[addressRule]}>
          <Select<string[]> mode="tags" open={false} tokenSeparators={[',', ';', ' ']} data-testid="mail-scheme-addresses" />
        </Form.Item>

        <Divider titlePlacement="start">{t('scheme.reports')}</Divider>
        {o && o.templates.length === 0 && <Alert type="info" showIcon title={t('scheme.noTemplates')} style={{ marginBottom: 12 }} />}
        <Form.List name="reports">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => {
                const kind = reports[f.name]?.kind;
                return (
                  <Row key={f.key} gutter={8} align="top" data-testid="mail-scheme-report">
                    <Col span={6}>
                      <Form.Item name={[f.name, 'templateId']} label={t('scheme.template')} required rules={rules.select(t('scheme.template'))}>
                        <Select<number> options={(o?.templates ?? []).map((tp) => ({ value: tp.id, label: tp.name }))} data-testid="mail-report-template" />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[f.name, 'kind']} label={t('scheme.schedule')}>
                        <Select options={(['daily', 'weekly', 'monthly'] as const).map((k) => ({ value: k, label: t(`scheme.kind.${k}`) }))} data-testid="mail-report-kind" />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      {kind === 'weekly' && (
                        <Form.Item name={[f.name, 'weekday']} label={t('scheme.weekday')} required rules={rules.select(t('scheme.weekday'))}>
                          <Select options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`scheme.weekdays.${d}`) }))} data-testid="mail-report-weekday" />
                        </Form.Item>
                      )}
                      {kind === 'monthly' && (
                        <Form.Item name={[f.name, 'day']} label={t('scheme.day')} tooltip={t('scheme.dayHelp')} required rules={rules.required(t('scheme.day'))}>
                          <InputNumber min={1} max={31} precision={0} style={{ width: '100%' }} data-testid="mail-report-day" />
                        </Form.Item>
                      )}
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[f.name, 'time']} label={t('scheme.time')} required rules={[{ pattern: TIME_RE, message: t('scheme.badTime') }, ...rules.required(t('scheme.time'))]}>
                        <Input placeholder="08:00" data-testid="mail-report-time" />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[f.name, 'lang']} label={t('scheme.lang')}>
                        <Select options={LANGS.map((l) => ({ value: l, label: t(`lang.${l}`) }))} />
                      </Form.Item>
                    </Col>
                    <Col span={2}>
                      <Button type="text" danger icon={<DeleteOutlined />} style={{ marginTop: 30 }} onClick={() => remove(f.name)} aria-label={t('scheme.delete')} />
                    </Col>
                  </Row>
                );
              })}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...NEW_REPORT })} disabled={fields.length >= 20} data-testid="mail-report-add">
                {t('scheme.addReport')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('scheme.events')}</Divider>
        <Form.Item name="eventsOn" label={t('scheme.eventsOn')} valuePropName="checked">
          <Switch data-testid="mail-events-on" />
        </Form.Item>
        {eventsOn && (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name={['events', 'logTypes']} label={t('scheme.logTypes')}>
                  <Select<number[]> mode="multiple" optionFilterProp="label" options={(o?.logTypes ?? []).map((l) => ({ value: l.logType, label: `${l.logType} ${l.name}` }))} data-testid="mail-events-types" />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name={['events', 'eventClasses']} label={t('scheme.eventClasses')}>
                  <Select<number[]> mode="multiple" options={[1, 2, 3, 4, 5].map((c) => ({ value: c, label: t(`scheme.classes.${c}`) }))} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name={['events', 'levels']} label={t('scheme.levels')}>
                  <Select<number[]> mode="multiple" options={[1, 2, 4].map((l) => ({ value: l, label: t(`scheme.levelNames.${l}`) }))} data-testid="mail-events-levels" />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item name={['events', 'mode']} label={t('scheme.mode')}>
                  <Radio.Group data-testid="mail-events-mode">
                    <Radio value="immediate">{t('scheme.immediate')}</Radio>
                    <Radio value="digest">{t('scheme.digest')}</Radio>
                  </Radio.Group>
                </Form.Item>
              </Col>
              <Col span={10}>
                {mode === 'digest' && (
                  <Form.Item name={['events', 'digestTimes']} label={t('scheme.digestTimes')} required rules={[timesRule]}>
                    <Select<string[]> mode="tags" open={false} maxCount={6} data-testid="mail-events-times" />
                  </Form.Item>
                )}
              </Col>
              <Col span={6}>
                <Form.Item name={['events', 'lang']} label={t('scheme.lang')}>
                  <Select options={LANGS.map((l) => ({ value: l, label: t(`lang.${l}`) }))} />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        {o && (
          <Space>
            <Typography.Text type="secondary">{t('scheme.zoneHint', { zone: o.timezone })}</Typography.Text>
          </Space>
        )}
      </Form>
    </EditDialog>
  );
}
