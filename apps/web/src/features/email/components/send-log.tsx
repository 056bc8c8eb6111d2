import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EmailSendRecord, EmailSendStatus } from '@ems/contract';
import { useFormatTime } from '../../../lib/time';
import { sendLogQuery } from '../email-api';

const COLORS: Record<EmailSendStatus, string> = { pending: 'warning', sending: 'processing', sent: 'success', failed: 'error' };

/** The send log: every mail per recipient with its attempts and the server's answer or the error. */
export function SendLog({ projectId }: { projectId: number }) {
  const { t } = useTranslation('email');
  const time = useFormatTime();
  const [page, setPage] = useState({ index: 0, limit: 20 });
  const [status, setStatus] = useState<EmailSendStatus | undefined>(undefined);
  const log = useQuery(sendLogQuery(projectId, page.index, page.limit, status));
  return (
    <Card
      size="small"
      title={t('log.title')}
      extra={
        <Space>
        <Button size="small" icon={<ReloadOutlined />} loading={log.isFetching} onClick={() => void log.refetch()} data-testid="mail-log-refresh">
          {t('log.refresh')}
        </Button>
        <Select<EmailSendStatus | ''>
          size="small"
          style={{ width: 140 }}
          value={status ?? ''}
          data-testid="mail-log-status"
          onChange={(v) => {
            setStatus(v === '' ? undefined : v);
            setPage((p) => ({ ...p, index: 0 }));
          }}
          options={[{ value: '', label: t('log.allStatuses') }, ...(['pending', 'sent', 'failed'] as const).map((s) => ({ value: s, label: t(`log.statuses.${s}`) }))]}
        />
        </Space>
      }
    >
      <Table<EmailSendRecord>
        rowKey="id"
        size="small"
        data-testid="mail-log-table"
        loading={log.isLoading}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('log.empty')} /> }}
        pagination={{ current: page.index + 1, pageSize: page.limit, total: log.data?.total ?? 0, showSizeChanger: true, onChange: (p, size) => setPage({ index: p - 1, limit: size }) }}
        columns={[
          { title: t('log.createTime'), dataIndex: 'createTime', width: 150, render: (v: number) => time(v, 'YYYY-MM-DD HH:mm') },
          { title: t('log.scheme'), dataIndex: 'schemeName', width: 130, ellipsis: true },
          { title: t('log.kind'), dataIndex: 'kind', width: 90, render: (k: EmailSendRecord['kind']) => t(`log.kinds.${k}`) },
          { title: t('log.recipient'), dataIndex: 'recipient', width: 190, ellipsis: true },
          { title: t('log.subject'), dataIndex: 'subject', ellipsis: true },
          { title: t('log.status'), dataIndex: 'status', width: 90, render: (s: EmailSendStatus) => <Tag color={COLORS[s]}>{t(`log.statuses.${s}`)}</Tag> },
          { title: t('log.attempts'), dataIndex: 'attempts', width: 80, align: 'right' },
          {
            title: t('log.result'),
            key: 'result',
            ellipsis: true,
            render: (_, r) => (
              <Typography.Text type={r.status === 'sent' ? undefined : 'danger'} title={r.response || r.error}>
                {r.status === 'sent' ? r.response : r.error}
                {r.status === 'pending' && r.nextAttemptTime !== null ? ` (${t('log.nextAttempt', { time: time(r.nextAttemptTime, 'HH:mm') })})` : ''}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}
