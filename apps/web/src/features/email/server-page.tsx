import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Flex, Form, Input, InputNumber, Row, Select, Space, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailCheckResult, EmailServer, EmailServerInput, SmtpTlsMode } from '@ems/contract';
import { Permission, usePermission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { invalidate } from '../../lib/api/define-query';
import { VALIDATE_ON_BLUR, useFormRules } from '../../widgets';
import { saveServer, serverQuery, testSend, validateServer } from './email-api';
import { ADDRESS_RE } from './scheme-form';

interface ServerForm {
  host: string;
  port: number;
  tlsMode: SmtpTlsMode;
  user: string;
  password?: string;
  fromAddress: string;
  fromName: string;
}

/** The usual port of each mode: a port still at another mode's default follows the mode. */
const PORTS: Record<SmtpTlsMode, number> = { none: 25, starttls: 587, tls: 465 };

const toForm = (s: EmailServer): ServerForm => ({ host: s.host, port: s.port, tlsMode: s.tlsMode, user: s.user, fromAddress: s.fromAddress, fromName: s.fromName });

/** Mail server settings (/emailserverset): the project's SMTP server, the validation call and a test send with the server's answer. */
export default function ServerPage() {
  const { t } = useTranslation('email');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const rules = useFormRules();
  const projectId = useSession((s) => s.projectId);
  const server = useQuery(serverQuery(projectId));
  const client = useQueryClient();
  const canEdit = usePermission()('emailplatform_update');
  const [form] = Form.useForm<ServerForm>();
  const [replacing, setReplacing] = useState(false);
  const [busy, setBusy] = useState<'save' | 'validate' | 'test' | null>(null);
  const [result, setResult] = useState<{ kind: 'validate' | 'test'; r: EmailCheckResult } | null>(null);
  const [to, setTo] = useState('');
  useEffect(() => {
    if (server.data) {
      form.setFieldsValue(toForm(server.data));
      setReplacing(!server.data.passwordSet);
    }
  }, [server.data, form]);
  if (projectId === null) return <Empty description={t('noProject')} />;

  const input = async (): Promise<EmailServerInput> => {
    const v = await form.validateFields();
    return {
      projectId,
      host: v.host.trim(),
      port: v.port,
      tlsMode: v.tlsMode,
      user: (v.user ?? '').trim(),
      fromAddress: v.fromAddress.trim(),
      fromName: (v.fromName ?? '').trim(),
      // not replacing: the server keeps (and uses) the stored password
      ...(replacing ? { password: v.password ?? '' } : {}),
    };
  };
  const run = async (kind: 'save' | 'validate' | 'test', fn: () => Promise<void>) => {
    setBusy(kind);
    try {
      await fn();
    } catch {
      // invalid fields are shown by the form, refusals by the http client's notice
    } finally {
      setBusy(null);
    }
  };
  const save = () =>
    run('save', async () => {
      await saveServer(await input());
      form.setFieldValue('password', undefined);
      void message.success(t('server.saved'));
      await invalidate(client, serverQuery);
    });
  const validate = () => run('validate', async () => setResult({ kind: 'validate', r: await validateServer(await input()) }));
  const test = () => run('test', async () => setResult({ kind: 'test', r: await testSend({ ...(await input()), to: to.trim() }) }));
  const onMode = (mode: SmtpTlsMode) => {
    const port = form.getFieldValue('port') as number | undefined;
    if (port === undefined || Object.values(PORTS).includes(port)) form.setFieldValue('port', PORTS[mode]);
  };
  const passwordSet = server.data?.passwordSet ?? false;

  return (
    <Flex vertical gap={token.margin} data-testid="email-server-page" data-ready={server.data !== undefined && !server.isFetching}>
      <Card size="small" title={t('server.title')}>
        {server.data && !server.data.configured && <Alert type="info" showIcon title={t('server.notConfigured')} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} disabled={!canEdit} data-testid="email-server-form" style={{ maxWidth: 760 }}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="host" label={t('server.host')} required rules={[...rules.required(t('server.host')), ...rules.length(253)]}>
                <Input data-testid="email-host" placeholder="smtp.example.com" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="tlsMode" label={t('server.tlsMode')} required>
                <Select<SmtpTlsMode> data-testid="email-tls" onChange={onMode} options={(['none', 'starttls', 'tls'] as const).map((m) => ({ value: m, label: t(`tls.${m}`) }))} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="port" label={t('server.port')} required rules={rules.required(t('server.port'))}>
                <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} data-testid="email-port" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="user" label={t('server.user')} extra={t('server.userHelp')} rules={rules.length(254)}>
                <Input autoComplete="off" data-testid="email-user" />
              </Form.Item>
            </Col>
            <Col span={12}>
              {replacing ? (
                <Form.Item name="password" label={t('server.password')} extra={passwordSet ? t('server.replaceHelp') : undefined} rules={rules.length(256)}>
                  <Input.Password autoComplete="new-password" data-testid="email-password" />
                </Form.Item>
              ) : (
                <Form.Item label={t('server.password')}>
                  <Space>
                    <Tag color="success" data-testid="email-password-set">
                      {t('server.passwordSet')}
                    </Tag>
                    <Button size="small" onClick={() => setReplacing(true)} data-testid="email-password-replace">
                      {t('server.replace')}
                    </Button>
                  </Space>
                </Form.Item>
              )}
              {replacing && passwordSet && (
                <Button type="link" size="small" style={{ marginTop: -16, paddingLeft: 0 }} onClick={() => setReplacing(false)}>
                  {t('server.keep')}
                </Button>
              )}
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="fromAddress"
                label={t('server.fromAddress')}
                required
                rules={[...rules.required(t('server.fromAddress')), { pattern: ADDRESS_RE, message: `${t('server.fromAddress')} ${t('server.badAddress')}` }]}
              >
                <Input data-testid="email-from" placeholder="ems@example.com" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="fromName" label={t('server.fromName')} rules={rules.length(100)}>
                <Input data-testid="email-from-name" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Permission code="emailplatform_update">
          <Flex gap={token.marginSM} wrap="wrap" align="center">
            <Button type="primary" loading={busy === 'save'} onClick={save} data-testid="email-save">
              {t('server.save')}
            </Button>
            <Button loading={busy === 'validate'} onClick={validate} title={t('server.validateHelp')} data-testid="email-validate">
              {t('server.validate')}
            </Button>
            <Space.Compact>
              <Input style={{ width: 240 }} placeholder={t('server.testTo')} value={to} onChange={(e) => setTo(e.target.value)} data-testid="email-test-to" />
              <Button loading={busy === 'test'} disabled={!ADDRESS_RE.test(to.trim())} onClick={test} data-testid="email-test-send">
                {t('server.testSend')}
              </Button>
            </Space.Compact>
          </Flex>
        </Permission>
        {result && (
          <Alert
            style={{ marginTop: 12 }}
            showIcon
            type={result.r.ok ? 'success' : 'error'}
            data-testid="email-result"
            title={result.kind === 'validate' ? t('server.validate') : t('server.testSend')}
            description={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{result.r.ok ? t('server.ok', { response: result.r.response }) : t('server.failed', { error: result.r.error })}</Typography.Text>}
          />
        )}
      </Card>
    </Flex>
  );
}
