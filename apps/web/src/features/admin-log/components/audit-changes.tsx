import { Descriptions, Table, Typography, theme } from 'antd';
import type { AuditLogEntry } from '@ems/contract';
import { useTranslation } from 'react-i18next';
import { diffAudit, type FieldChange } from '../audit-diff';

/** The row expander: the changed fields before and after, and the entry's detail. */
export function AuditChanges({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation('admin-log');
  const { token } = theme.useToken();
  const changes = diffAudit(entry.before, entry.after);
  // the detail says why a refusal happened, or what a change without field values was about
  const reason = entry.detail && (!entry.ok || changes.length === 0) ? t(`reason.${entry.detail}`, { defaultValue: entry.detail }) : '';
  const cell = (v: string | null, color: string) =>
    v === null ? <Typography.Text type="secondary">—</Typography.Text> : <Typography.Text style={{ color, wordBreak: 'break-all' }}>{v}</Typography.Text>;
  return (
    <div data-testid="audit-changes">
      {reason ? (
        <Descriptions size="small" column={1} items={[{ key: 'detail', label: t('detail'), children: reason }]} style={{ marginBottom: changes.length > 0 ? 8 : 0 }} />
      ) : null}
      {changes.length > 0 ? (
        <Table<FieldChange>
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={changes}
          columns={[
            { key: 'field', title: t('field'), dataIndex: 'field', width: 220 },
            { key: 'before', title: t('before'), render: (_v, c) => cell(c.before, token.colorError) },
            { key: 'after', title: t('after'), render: (_v, c) => cell(c.after, token.colorSuccess) },
          ]}
        />
      ) : reason ? null : (
        <Typography.Text type="secondary">{t('noChanges')}</Typography.Text>
      )}
    </div>
  );
}
