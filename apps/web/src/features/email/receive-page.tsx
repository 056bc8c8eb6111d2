import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, Tooltip, theme } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MailReportSubscription, MailScheme } from '@ems/contract';
import { Permission, usePermission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { useFormatTime } from '../../lib/time';
import { invalidate } from '../../lib/api/define-query';
import { mailOptionsQuery, mailSchemesQuery, removeMailScheme, sendLogQuery, sendMailSchemeNow } from './email-api';
import { MailSchemeDialog } from './components/scheme-dialog';
import { SendLog } from './components/send-log';

/** Mail distribution (/emailreceiveset): the project's schemes — who receives which reports and events — and the send log. */
export default function ReceivePage() {
  const { t } = useTranslation('email');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const projectId = useSession((s) => s.projectId);
  const list = useQuery(mailSchemesQuery(projectId));
  const options = useQuery(mailOptionsQuery(projectId));
  const client = useQueryClient();
  const time = useFormatTime();
  const [dialog, setDialog] = useState<{ record: MailScheme | null } | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const mayUpdate = usePermission()('mailscheme_update');
  if (projectId === null) return <Empty description={t('noProject')} />;
  /** why "send now" is unavailable for a scheme, or null */
  const sendBlock = (s: MailScheme): string | null =>
    !mayUpdate ? t('scheme.sendNowNoPermission') : s.reports.length === 0 ? t('scheme.sendNowNoReports') : !s.enabled ? t('scheme.sendNowDisabled') : null;
  const sendNow = async (s: MailScheme) => {
    setSending(s.id);
    try {
      const { count } = await sendMailSchemeNow(s.id, projectId);
      void message.success(t('scheme.sendNowQueued', { count }));
      void invalidate(client, sendLogQuery);
    } catch {
      // the server's message is shown by the http client
    } finally {
      setSending(null);
    }
  };
  const refresh = () => void invalidate(client, mailSchemesQuery, sendLogQuery);
  const remove = async (s: MailScheme) => {
    await removeMailScheme(s.id);
    void message.success(t('scheme.deleted'));
    refresh();
  };
  const templates = new Map((options.data?.templates ?? []).map((tp) => [tp.id, tp.name]));
  const logTypes = new Map((options.data?.logTypes ?? []).map((l) => [l.logType, l.name]));
  const scheduleText = (r: MailReportSubscription) => {
    const s = r.schedule;
    if (s.kind === 'weekly') return t('scheme.everyWeek', { weekday: t(`scheme.weekdays.${s.weekday ?? 1}`), time: s.time });
    if (s.kind === 'monthly') return t('scheme.everyMonth', { day: s.day ?? 1, time: s.time });
    return t('scheme.everyDay', { time: s.time });
  };
  return (
    <Flex vertical gap={token.margin} data-testid="email-receive-page" data-ready={list.data !== undefined && !list.isFetching}>
      <Card
        size="small"
        title={t('scheme.title')}
        extra={
          <Permission code="mailscheme_create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ record: null })} data-testid="mail-scheme-add">
              {t('scheme.add')}
            </Button>
          </Permission>
        }
      >
        <Table<MailScheme>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('scheme.empty')} /> }}
          data-testid="mail-scheme-table"
          columns={[
            { title: t('scheme.name'), dataIndex: 'name', width: 160 },
            { title: t('scheme.enabled'), dataIndex: 'enabled', width: 80, render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{t(on ? 'scheme.on' : 'scheme.off')}</Tag> },
            {
              title: t('scheme.recipients'),
              key: 'recipients',
              width: 160,
              render: (_, s) => (
                <Tooltip title={s.resolved.join(', ')}>
                  <span data-testid="mail-scheme-resolved">{t('scheme.resolved', { count: s.resolved.length })}</span>
                </Tooltip>
              ),
            },
            {
              title: t('scheme.reports'),
              key: 'reports',
              render: (_, s) =>
                s.reports.length === 0
                  ? t('scheme.none')
                  : s.reports.map((r, i) => (
                      <div key={i}>{t('scheme.reportLine', { template: templates.get(r.templateId) ?? `#${r.templateId}`, schedule: scheduleText(r), lang: t(`lang.${r.lang}`) })}</div>
                    )),
            },
            {
              title: t('scheme.events'),
              key: 'events',
              render: (_, s) =>
                s.events === null ? (
                  t('scheme.none')
                ) : (
                  <div>
                    <div>{s.events.mode === 'digest' ? t('scheme.digestLine', { times: s.events.digestTimes.join(', ') }) : t('scheme.immediateLine')}</div>
                    {s.events.logTypes.map((l) => (
                      <Tag key={l}>{logTypes.get(l) ?? l}</Tag>
                    ))}
                    {s.events.levels.map((l) => (
                      <Tag key={`l${l}`} color="orange">
                        {t(`scheme.levelNames.${l}`)}
                      </Tag>
                    ))}
                  </div>
                ),
            },
            { title: t('scheme.updateTime'), dataIndex: 'updateTime', width: 150, render: (v: number) => time(v, 'YYYY-MM-DD HH:mm') },
            {
              title: t('scheme.actions'),
              key: 'actions',
              width: 220,
              render: (_, s) => (
                <Space>
                  <Tooltip title={sendBlock(s) ?? t('scheme.sendNowHelp')}>
                    {/* a span takes the hover of a disabled button */}
                    <span>
                      <Button
                        type="link"
                        size="small"
                        icon={<SendOutlined />}
                        disabled={sendBlock(s) !== null}
                        loading={sending === s.id}
                        onClick={() => void sendNow(s)}
                        data-testid="scheme-send-now"
                      >
                        {t('scheme.sendNow')}
                      </Button>
                    </span>
                  </Tooltip>
                  <Permission code="mailscheme_update">
                    <Button type="link" size="small" onClick={() => setDialog({ record: s })} data-testid="mail-scheme-edit">
                      {t('scheme.edit')}
                    </Button>
                  </Permission>
                  <Permission code="mailscheme_delete">
                    <Popconfirm title={t('scheme.confirmDelete', { name: s.name })} onConfirm={() => remove(s)}>
                      <Button type="link" size="small" danger data-testid="mail-scheme-delete">
                        {t('scheme.delete')}
                      </Button>
                    </Popconfirm>
                  </Permission>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <SendLog projectId={projectId} />
      <MailSchemeDialog open={dialog !== null} projectId={projectId} record={dialog?.record ?? null} onClose={() => setDialog(null)} onSaved={refresh} />
    </Flex>
  );
}
