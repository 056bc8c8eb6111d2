import { useState, type ComponentType, type Key } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Input, Select, Switch, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../../lib/api/define-query';
import { projectsQuery } from '../../../lib/api/projects';
import { Permission, usePermission } from '../../../lib/permission';
import { useSession } from '../../../lib/session';
import { formatTime, useZoneOfProject } from '../../../lib/time';
import { DataTable, DEFAULT_DATE_FORMAT, TABLE_PAGE_SIZE, useTableActions } from '../../../widgets';
import type { ConfigApi } from '../api/config-api';
import type { ConfigDialogProps } from './config-dialog';

/** antd's row-selection column (px). */
const SELECTION_COLUMN_PX = 32;

/** Operation permissions of the configuration pages (the server checks the same ones). */
export const CONFIG_PERMISSION = { create: 'sysevent_create', update: 'sysevent_update', delete: 'sysevent_delete', states: 'sysevent_update sysevent_disable' } as const;

interface Configured {
  id: number;
  name: string;
  nodeName: string;
  enabled: boolean;
  updateTime: number;
}

/** What a configuration page lists and edits: its calls, its own columns and its dialog. */
export interface ConfigResource<T extends Configured, I> {
  key: 'rule' | 'algorithm';
  api: ConfigApi<T, I>;
  /** columns between name/node and enabled/updated */
  columns: (t: (key: string) => string) => ColumnsType<T>;
  Dialog: ComponentType<ConfigDialogProps<T>>;
}

/**
 * A configuration list (rules or algorithms) in the platform module: project selector, keyword,
 * table with paging and selection, add, edit, delete with confirmation, and the enable switch.
 */
export function ConfigListPage<T extends Configured, I>({ resource }: { resource: ConfigResource<T, I> }) {
  const { t, i18n } = useTranslation('rule-config');
  const zoneOf = useZoneOfProject();
  const english = i18n.language === 'en-US';
  const { token } = theme.useToken();
  const actions = useTableActions();
  const can = usePermission();
  const client = useQueryClient();
  const sessionProject = useSession((s) => s.projectId);
  const projects = useQuery(projectsQuery());
  const [chosen, setChosen] = useState<number | null>(null);
  const projectId = chosen ?? sessionProject ?? projects.data?.[0]?.projectId ?? null;
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: TABLE_PAGE_SIZE });
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const list = useQuery(resource.api.listQuery(projectId, { ...(applied ? { keyword: applied } : {}), page: { index: page.current - 1, limit: page.pageSize } }));
  const reload = () => invalidate(client, resource.api.listQuery);

  const remove = async () => {
    if (projectId === null || !actions.requireRowsToDelete(selected) || !(await actions.confirmDelete())) return;
    await resource.api.remove(projectId, selected.map(Number));
    actions.deleted();
    setSelected([]);
    await reload();
  };
  const toggle = async (row: T, enabled: boolean) => {
    if (projectId === null) return;
    await resource.api.setEnabled(projectId, [row.id], enabled);
    await reload();
  };

  const columns: ColumnsType<T> = [
    // widths add up to what a 1440 px screen gives the table beside the menu: a column past it sat under
    // the fixed actions column ('2026-1…'); the text columns end in an ellipsis with the whole text on hover
    { key: 'name', dataIndex: 'name', title: t('column.name'), width: 150, ellipsis: true },
    { key: 'node', dataIndex: 'nodeName', title: t('column.node'), width: 150, ellipsis: true },
    ...resource.columns(t),
    {
      key: 'enabled',
      title: t('column.enabled'),
      width: 70,
      render: (_: unknown, row: T) => (
        <Switch
          size="small"
          data-testid="config-enabled"
          checked={row.enabled}
          disabled={!can(CONFIG_PERMISSION.states)}
          onChange={(on) => void toggle(row, on)}
          aria-label={t(row.enabled ? 'disable' : 'enable')}
        />
      ),
    },
    // in the zone of the project the selector shows (at platform level, or another project than the session's)
    { key: 'updateTime', dataIndex: 'updateTime', title: t('column.updateTime'), width: 160, render: (v: number) => formatTime(v, zoneOf(projectId), DEFAULT_DATE_FORMAT) },
    {
      key: 'actions',
      title: t('column.actions'),
      width: 70,
      fixed: 'right',
      render: (_: unknown, row: T) => (
        <Permission code={CONFIG_PERMISSION.update}>
          <Button type="link" size="small" data-testid="config-edit" onClick={() => setEditing({ record: row })}>
            {t('edit')}
          </Button>
        </Permission>
      ),
    },
  ];

  return (
    <Flex vertical gap={token.marginSM} data-testid={`config-page-${resource.key}`}>
      <Card size="small">
        <Flex wrap align="center" gap={token.marginSM}>
          <span>{t('project')}</span>
          <Select<number>
            data-testid="config-project"
            style={{ width: 220 }}
            placeholder={t('pickProject')}
            loading={projects.isLoading}
            value={projectId ?? undefined}
            onChange={(id) => {
              setChosen(id);
              setPage((p) => ({ ...p, current: 1 }));
              setSelected([]);
            }}
            options={(projects.data ?? []).map((p) => ({ value: p.projectId, label: english && p.enName ? p.enName : p.name }))}
          />
          <Input allowClear style={{ width: 200 }} placeholder={t('keyword')} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={() => setApplied(keyword.trim())} />
          <Button type="primary" onClick={() => (applied === keyword.trim() ? void list.refetch() : setApplied(keyword.trim()))}>
            {t('query')}
          </Button>
          <div style={{ flex: 1 }} />
          <Permission code={CONFIG_PERMISSION.create}>
            <Button type="primary" data-testid="config-add" disabled={projectId === null} onClick={() => setEditing({ record: null })}>
              {t('add')}
            </Button>
          </Permission>
          <Permission code={CONFIG_PERMISSION.delete}>
            <Button danger data-testid="config-delete" onClick={() => void remove()}>
              {t('delete')}
            </Button>
          </Permission>
        </Flex>
      </Card>
      <Card size="small">
        {projectId === null ? (
          <Empty description={t('pickProject')} />
        ) : (
          <DataTable<T>
            data-testid="config-table"
            rowKey="id"
            selectionMode="multiple"
            selectedRowKeys={selected}
            onSelectionChange={(keys) => setSelected(keys)}
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.rows ?? []}
            // the declared widths exactly ('max-content' widened the ellipsis columns past them)
            scroll={{ x: SELECTION_COLUMN_PX + columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0) }}
            pagination={{
              current: page.current,
              pageSize: page.pageSize,
              total: list.data?.total ?? 0,
              onChange: (current, pageSize) => setPage({ current: pageSize === page.pageSize ? current : 1, pageSize }),
            }}
          />
        )}
      </Card>
      {projectId !== null && (
        <resource.Dialog open={editing !== null} projectId={projectId} record={editing?.record ?? null} onClose={() => setEditing(null)} onSaved={() => void reload()} />
      )}
    </Flex>
  );
}
