import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { AUDIT_KINDS, type AuditLogEntry } from '@ems/contract';
import { customDateRange, customRangeShortcut } from '@ems/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectsQuery } from '../../lib/api/projects';
import { Permission } from '../../lib/permission';
import { formatTime, fromPickerValue, isKnownZone, toPickerValue } from '../../lib/time';
import { auditLogsQuery, auditTenantOptionsQuery, auditUserOptionsQuery, exportAuditLogs } from './api/audit-logs';
import { AuditChanges } from './components/audit-changes';

const PAGE_SIZE = 20;

/**
 * The zone the log is shown in: the audit log is tenant-level, so the zone of the tenant's first
 * project (lowest id), as the server's export does; UTC for a tenant without projects.
 */
function useTenantZone(): string {
  const { data = [] } = useQuery(projectsQuery());
  const first = [...data].sort((a, b) => a.projectId - b.projectId)[0];
  return first?.timezone && isKnownZone(first.timezone) ? first.timezone : 'UTC';
}

/** /admin/log: the audit log with range, user and kind filters, a row expander of changes, and Excel export. */
export default function AdminLogPage() {
  const { t, i18n } = useTranslation('admin-log');
  const zone = useTenantZone();
  const [range, setRange] = useState(() => customRangeShortcut(7, Date.now(), zone));
  const [userId, setUserId] = useState<number | undefined>();
  const [kinds, setKinds] = useState<string[]>([]);
  const [tenantId, setTenantId] = useState<number | undefined>();
  const [index, setIndex] = useState(0);
  const [exporting, setExporting] = useState(false);
  const filter = { startTime: range.startTime, endTime: range.endTime, userId, kinds, tenantId };
  const { data, isFetching } = useQuery(auditLogsQuery({ ...filter, index, limit: PAGE_SIZE }));
  const { data: users = [] } = useQuery(auditUserOptionsQuery());
  const { data: tenants = [] } = useQuery(auditTenantOptionsQuery());
  const label = (group: 'kind' | 'action' | 'target', key: string) => t(`${group}.${key}`, { defaultValue: key });

  const columns: TableColumnsType<AuditLogEntry> = useMemo(
    () => [
      { key: 'time', title: t('col.time'), width: 180, render: (_v, e) => formatTime(e.time, zone) },
      { key: 'user', title: t('col.user'), dataIndex: 'userName', width: 140 },
      { key: 'ip', title: t('col.ip'), dataIndex: 'ip', width: 140 },
      { key: 'kind', title: t('col.kind'), width: 140, render: (_v, e) => <Tag>{label('kind', e.kind)}</Tag> },
      { key: 'action', title: t('col.action'), width: 130, render: (_v, e) => label('action', e.action) },
      {
        key: 'target',
        title: t('col.target'),
        ellipsis: true,
        render: (_v, e) => (
          <span>
            <Typography.Text type="secondary">{label('target', e.targetType)}</Typography.Text> {e.targetName}
          </span>
        ),
      },
      { key: 'result', title: t('col.result'), width: 90, render: (_v, e) => (e.ok ? <Tag color="success">{t('success')}</Tag> : <Tag color="error">{t('failure')}</Tag>) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, zone],
  );

  const doExport = async () => {
    setExporting(true);
    try {
      await exportAuditLogs(filter);
    } finally {
      setExporting(false);
    }
  };
  const refilter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setIndex(0);
  };

  return (
    <Card title={t('title')} data-testid="admin-log" extra={<Typography.Text type="secondary">{t('timeZoneNote', { zone })}</Typography.Text>}>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          allowClear={false}
          aria-label={t('range')}
          value={[toPickerValue(range.startTime, zone), toPickerValue(range.endTime, zone)]}
          showNow={false}
          onChange={(dates) => {
            const [a, b] = dates ?? [];
            if (a && b) refilter(setRange)(customDateRange(fromPickerValue(a, zone), fromPickerValue(b, zone), zone));
          }}
        />
        {tenants.length > 0 ? (
          <Select
            data-testid="audit-tenant"
            style={{ width: 180 }}
            allowClear
            placeholder={t('ownTenant')}
            value={tenantId}
            options={[...tenants.map((x) => ({ value: x.id, label: i18n.language === 'en-US' && x.enName ? x.enName : x.name })), { value: 0, label: t('unknownNames') }]}
            onChange={refilter(setTenantId)}
          />
        ) : null}
        <Select
          data-testid="audit-user"
          style={{ width: 180 }}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('allUsers')}
          value={userId}
          options={users.map((u) => ({ value: u.id, label: u.name }))}
          onChange={refilter(setUserId)}
        />
        <Select
          data-testid="audit-kinds"
          mode="multiple"
          optionFilterProp="label"
          style={{ minWidth: 220 }}
          allowClear
          placeholder={t('allKinds')}
          value={kinds}
          options={AUDIT_KINDS.map((k) => ({ value: k, label: label('kind', k) }))}
          onChange={refilter(setKinds)}
        />
        <Permission code="log_export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()} data-testid="audit-export">
            {t('export')}
          </Button>
        </Permission>
      </Flex>
      <Table<AuditLogEntry>
        data-testid="audit-table"
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.list ?? []}
        expandable={{ expandedRowRender: (e) => <AuditChanges entry={e} />, rowExpandable: (e) => e.before !== null || e.after !== null || e.detail !== '' }}
        pagination={{ current: index + 1, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: (page) => setIndex(page - 1) }}
      />
    </Card>
  );
}
