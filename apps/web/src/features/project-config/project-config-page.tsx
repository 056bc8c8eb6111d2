import { DeleteOutlined, EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Table, Tooltip, theme, type TableColumnsType } from 'antd';
import type { BackgroundHealth, ProjectInfo } from '@ems/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/define-query';
import { projectsQuery } from '../../lib/api/projects';
import { Permission } from '../../lib/permission';
import { backgroundHealthQuery } from './api/background-health';
import { deleteProject } from './api/project-mutations';
import { ProjectFormDialog } from './components/project-form-dialog';
import { industryLabel } from '../../lib/industry';

/** Project configuration: the tenant's projects with create, edit and delete. */
export default function ProjectConfigPage() {
  const { t, i18n } = useTranslation('project-config');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { data = [], isLoading } = useQuery(projectsQuery());
  const { data: health = [] } = useQuery(backgroundHealthQuery());
  const [editing, setEditing] = useState<{ project: ProjectInfo | null } | null>(null);
  const english = i18n.language === 'en-US';
  const refresh = () => invalidate(queryClient, projectsQuery);

  const confirmDelete = (p: ProjectInfo) =>
    modal.confirm({
      title: t('common:prompt'),
      content: t('common:confirmDelete'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteProject(p.projectId);
        } catch {
          return; // the client has shown the server's msg
        }
        void message.success(t('common:deleteSucceeded'));
        await refresh();
      },
      onCancel: () => void message.info(t('common:deleteCancelled')),
    });

  const columns: TableColumnsType<ProjectInfo> = [
    {
      key: 'name',
      title: t('name'),
      render: (_v, p) => (
        <Space size={4}>
          {english && p.enName ? p.enName : p.name}
          <BackgroundWarning failing={health.filter((h) => h.projectId === p.projectId && h.failing)} />
        </Space>
      ),
    },
    { key: 'code', title: t('code'), render: (_v, p) => p.code || '--' },
    { key: 'address', title: t('address'), ellipsis: true, render: (_v, p) => (english && p.enAddress ? p.enAddress : p.address) || '--' },
    { key: 'capacityKva', title: t('capacityKva'), align: 'right', dataIndex: 'capacityKva' },
    { key: 'areaM2', title: t('areaM2'), align: 'right', dataIndex: 'areaM2' },
    { key: 'timezone', title: t('timezone'), dataIndex: 'timezone' },
    { key: 'industry', title: t('industry'), render: (_v, p) => industryLabel(t, p.industry) },
    {
      key: 'actions',
      title: t('common:actions'),
      width: 180,
      render: (_v, p) => (
        <Space size={0}>
          <Permission code="project_update">
            <Button type="link" size="small" icon={<EditOutlined />} data-testid="project-edit" onClick={() => setEditing({ project: p })}>
              {t('common:edit')}
            </Button>
          </Permission>
          <Permission code="project_delete">
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="project-delete" onClick={() => confirmDelete(p)}>
              {t('common:delete')}
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="project-config">
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Permission code="project_create">
          <Button type="primary" icon={<PlusOutlined />} data-testid="project-create" onClick={() => setEditing({ project: null })}>
            {t('common:create')}
          </Button>
        </Permission>
      </Flex>
      <Table<ProjectInfo> rowKey="projectId" size="small" loading={isLoading} columns={columns} dataSource={data} pagination={false} />
      <ProjectFormDialog open={editing !== null} project={editing?.project ?? null} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
    </Card>
  );
}

/** A warning marker for a project whose background passes fail, with what fails in its tooltip (administrators only get records). */
function BackgroundWarning({ failing }: { failing: readonly BackgroundHealth[] }) {
  const { t } = useTranslation('project-config');
  const { token } = theme.useToken();
  if (failing.length === 0) return null;
  const title = (
    <div>
      <div>{t('backgroundFailing')}</div>
      {failing.map((h) => (
        <div key={h.pass}>{t('backgroundFailure', { pass: t(`pass.${h.pass}`), count: h.consecutiveFailures, error: h.lastError ?? '' })}</div>
      ))}
    </div>
  );
  return (
    <Tooltip title={title}>
      <WarningOutlined data-testid="project-background-warning" style={{ color: token.colorWarning }} aria-label={t('backgroundFailing')} />
    </Tooltip>
  );
}
