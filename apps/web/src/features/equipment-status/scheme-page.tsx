import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, Typography, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COMPARISON_SYMBOLS } from '@ems/domain';
import type { EquipmentScheme, StateExpression } from '@ems/contract';
import { Permission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { useFormatTime } from '../../lib/time';
import { removeScheme, schemesQuery } from './api/get-schemes';
import { invalidate } from '../../lib/api/define-query';
import { SchemeDialog } from './components/scheme-dialog';

/** One expression as a line, e.g. "1#空压机电表 有功功率 >= 66 kW 且 …". */
function expressionText(e: StateExpression, joiner: string): string {
  return e.conditions.map((c) => `${c.deviceName} ${c.dataName} ${COMPARISON_SYMBOLS[c.operator] ?? '?'} ${c.limit}${c.unit ? ` ${c.unit}` : ''}`).join(` ${joiner} `);
}

/** Equipment status schemes (/deviceRunningStateScheme, spec section 3): the project's programmes; create, edit, delete. */
export default function SchemePage() {
  const { t } = useTranslation('equipment-status');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const projectId = useSession((s) => s.projectId);
  const list = useQuery(schemesQuery(projectId));
  const client = useQueryClient();
  const time = useFormatTime();
  const [dialog, setDialog] = useState<{ record: EquipmentScheme | null } | null>(null);
  if (projectId === null) return <Empty description={t('noProject')} />;
  const refresh = () => void invalidate(client, schemesQuery);
  const remove = async (s: EquipmentScheme) => {
    await removeScheme(s.id);
    void message.success(t('scheme.deleted'));
    refresh();
  };
  return (
    <Flex vertical gap={token.margin} data-testid="scheme-page" data-ready={list.data !== undefined && !list.isFetching}>
      <Card
        size="small"
        title={t('scheme.title')}
        extra={
          <Permission code="equipmentstatus_create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ record: null })} data-testid="scheme-add">
              {t('scheme.add')}
            </Button>
          </Permission>
        }
      >
        <Table<EquipmentScheme>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('scheme.empty')} /> }}
          data-testid="scheme-table"
          expandable={{
            expandedRowRender: (s) => (
              <Flex vertical gap={4} data-testid="scheme-detail">
                {s.devices.map((d) => (
                  <div key={d.deviceId}>
                    <Typography.Text strong>{d.deviceName}</Typography.Text>
                    {d.expressions.map((e) => (
                      <div key={e.state}>
                        <Tag>{t(`state.${e.state}`)}</Tag>
                        <Typography.Text type="secondary">{expressionText(e, t(`combinator.${e.combinator === 2 ? 2 : 1}`))}</Typography.Text>
                      </div>
                    ))}
                  </div>
                ))}
              </Flex>
            ),
          }}
          columns={[
            { title: t('scheme.name'), dataIndex: 'name', width: 220 },
            { title: t('scheme.devices'), key: 'devices', render: (_, s) => s.devices.map((d) => <Tag key={d.deviceId}>{d.deviceName}</Tag>) },
            { title: t('scheme.description'), dataIndex: 'description', ellipsis: true },
            { title: t('scheme.updateTime'), dataIndex: 'updateTime', width: 170, render: (v: number) => time(v, 'YYYY-MM-DD HH:mm') },
            {
              title: t('scheme.actions'),
              key: 'actions',
              width: 140,
              render: (_, s) => (
                <Space>
                  <Permission code="equipmentstatus_update">
                    <Button type="link" size="small" onClick={() => setDialog({ record: s })} data-testid="scheme-edit">
                      {t('scheme.edit')}
                    </Button>
                  </Permission>
                  <Permission code="equipmentstatus_delete">
                    <Popconfirm title={t('scheme.confirmDelete', { name: s.name })} onConfirm={() => remove(s)}>
                      <Button type="link" size="small" danger data-testid="scheme-delete">
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
      <SchemeDialog open={dialog !== null} projectId={projectId} record={dialog?.record ?? null} onClose={() => setDialog(null)} onSaved={refresh} />
    </Flex>
  );
}
