import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Popconfirm, Tag, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { HazardSource, SensorRow } from '@ems/contract';
import { invalidate } from '../../../lib/api/define-query';
import type { TreeNodeRef } from '../../../lib/api/model-tree';
import { notify } from '../../../lib/notify';
import { Permission, usePermission } from '../../../lib/permission';
import { DataTable } from '../../../widgets/data-table/data-table';
import type { ModelTreeNode } from '../../../widgets/model-tree/tree-filter';
import { exportEnvironment } from '../api/export-environment';
import { hazardsQuery, removeHazard } from '../api/hazards';
import { LEVEL_STATUS } from '../level';
import { HazardDialog } from './hazard-dialog';

/** The hazard-source register of the project: table with the linked sensors' level, add / edit / delete by permission, export. */
export function HazardRegister({ projectId, node, places, sensors }: { projectId: number; node: TreeNodeRef; places: ModelTreeNode[]; sensors: readonly SensorRow[] }) {
  const { t } = useTranslation('environment');
  const { token } = theme.useToken();
  const client = useQueryClient();
  const can = usePermission();
  const list = useQuery(hazardsQuery(projectId));
  const [target, setTarget] = useState<HazardSource | 'new' | null>(null);
  const refresh = () => void invalidate(client, hazardsQuery);
  const remove = async (h: HazardSource) => {
    try {
      await removeHazard(h.id);
      notify.success(t('common:deleteSucceeded'));
      refresh();
    } catch {
      // the client showed the server's message
    }
  };
  const actions: ColumnsType<HazardSource>[number] = {
    key: 'actions',
    title: t('hazard.actions'),
    width: 110,
    fixed: 'right',
    render: (_, h) => (
      <Flex gap={token.marginXS}>
        <Permission code="hazardsource_update">
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setTarget(h)} data-testid="hazard-edit">
            {t('edit')}
          </Button>
        </Permission>
        <Permission code="hazardsource_delete">
          <Popconfirm title={t('deleteConfirm', { name: h.name })} onConfirm={() => remove(h)}>
            <Button type="link" danger size="small" style={{ padding: 0 }} data-testid="hazard-delete">
              {t('delete')}
            </Button>
          </Popconfirm>
        </Permission>
      </Flex>
    ),
  };
  const columns: ColumnsType<HazardSource> = [
    { key: 'name', title: t('hazard.name'), width: 150, fixed: 'left', render: (_, h) => h.name },
    { key: 'grade', title: t('hazard.grade'), width: 80, render: (_, h) => t(`grade.${h.grade}`) },
    { key: 'node', title: t('hazard.node'), width: 100, render: (_, h) => h.nodeName },
    { key: 'location', title: t('hazard.location'), width: 140, render: (_, h) => h.location },
    { key: 'responsible', title: t('hazard.responsible'), width: 90, render: (_, h) => h.responsible },
    { key: 'phone', title: t('hazard.phone'), width: 120, render: (_, h) => h.phone },
    {
      key: 'sensors',
      title: t('hazard.sensors'),
      width: 200,
      render: (_, h) => (
        <Flex wrap gap={token.marginXXS}>
          {h.sensors.map((s) => (
            // a long sensor name ends in an ellipsis inside the column, the whole name on hover
            <Tag key={s.id} color={LEVEL_STATUS[s.level]} title={s.name} style={{ marginInlineEnd: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {s.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    { key: 'level', title: t('hazard.level'), width: 90, render: (_, h) => (h.level ? <Tag color={LEVEL_STATUS[h.level]}>{t(`level.${h.level}`)}</Tag> : '') },
    { key: 'note', title: t('hazard.note'), width: 160, ellipsis: true, render: (_, h) => h.note },
    // the actions column only for a user who may use one of them (it stood empty otherwise)
    ...(can('hazardsource_update') || can('hazardsource_delete') ? [actions] : []),
  ];
  return (
    <Card
      size="small"
      title={t('register')}
      extra={
        <Flex gap={token.marginXS}>
          <Permission code="hazardsource_create">
            <Button type="primary" onClick={() => setTarget('new')} data-testid="hazard-add">
              {t('add')}
            </Button>
          </Permission>
          <Button data-testid="hazard-export" onClick={() => void exportEnvironment({ table: 'hazards', nodeId: node.id, modelLabel: node.modelLabel })}>
            {t('export')}
          </Button>
        </Flex>
      }
    >
      <DataTable<HazardSource> data-testid="hazard-table" rowKey="id" columns={columns} scroll={{ x: columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0) }} dataSource={(list.data ?? []).filter((h) => h.projectId === projectId)} loading={list.isLoading} pagination={false} locale={{ emptyText: t('noHazards') }} />
      <HazardDialog target={target} projectId={projectId} places={places} sensors={sensors} onClose={() => setTarget(null)} onSaved={refresh} />
    </Card>
  );
}
