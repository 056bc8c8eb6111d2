import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Input, Select, Space, Table, Typography, Upload, type TableColumnsType, type UploadProps } from 'antd';
import { FILE_MAX_BYTES, FILE_TYPES, type StoredFileInfo } from '@ems/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/define-query';
import { projectsQuery } from '../../lib/api/projects';
import { Permission } from '../../lib/permission';
import { formatTime, zoneOrDefault } from '../../lib/time';
import { download, filesQuery, removeFile, uploadToProject } from './api/files';

/** 1536 → "1.5 KB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const ACCEPT = FILE_TYPES.map((t) => `.${t}`).join(',');

/** File manager (/admin/file): the files of one of the caller's projects: list, upload, download, delete (spec section 7 rules). */
export default function FileAdminPage() {
  const { t, i18n } = useTranslation('admin-file');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { data: projects = [] } = useQuery(projectsQuery());
  const [projectId, setProjectId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const english = i18n.language === 'en-US';
  useEffect(() => {
    if (projectId === null && projects[0]) setProjectId(projects[0].projectId);
  }, [projects, projectId]);
  const { data: files = [], isFetching } = useQuery(filesQuery(projectId ?? 0));
  const refresh = () => invalidate(queryClient, filesQuery);
  // times in the project's zone (HOUSE-STYLE rule 15)
  const zone = zoneOrDefault(projects.find((p) => p.projectId === projectId)?.timezone);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const ext = /\.([A-Za-z0-9]{1,5})$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!(FILE_TYPES as readonly string[]).includes(ext)) {
      void message.error(t('badType', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > FILE_MAX_BYTES) {
      void message.error(t('tooLarge', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  // through the app's client: Authorization, User-ID and this project's projectid headers, 60 s
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (projectId === null) return;
    const blob = file as File;
    uploadToProject(projectId, blob, blob.name).then(
      (stored) => {
        onSuccess?.(stored);
        void message.success(t('uploaded', { name: blob.name }));
        void refresh();
      },
      (err: unknown) => onError?.(err instanceof Error ? err : new Error(String(err))),
    );
  };

  const confirmDelete = (f: StoredFileInfo) =>
    modal.confirm({
      title: t('common:prompt'),
      content: t('deleteConfirm', { name: f.originalName }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        if (projectId === null) return;
        try {
          await removeFile(projectId, f.fileName);
        } catch {
          return;
        }
        void message.success(t('common:deleteSucceeded'));
        await refresh();
      },
      onCancel: () => void message.info(t('common:deleteCancelled')),
    });

  const shown = files.filter((f) => search.trim() === '' || f.originalName.toLowerCase().includes(search.trim().toLowerCase()));
  const columns: TableColumnsType<StoredFileInfo> = [
    { key: 'name', title: t('fileName'), ellipsis: true, render: (_v, f) => <span data-testid="file-name">{f.originalName}</span> },
    { key: 'size', title: t('size'), align: 'right', width: 110, render: (_v, f) => formatSize(f.size) },
    { key: 'time', title: t('uploadTime'), width: 180, render: (_v, f) => formatTime(f.uploadTime, zone) },
    { key: 'uploader', title: t('uploader'), width: 160, render: (_v, f) => f.uploaderName || '--' },
    {
      key: 'actions',
      title: t('common:actions'),
      width: 180,
      render: (_v, f) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<DownloadOutlined />} data-testid="file-download" onClick={() => void download(f)}>
            {t('download')}
          </Button>
          <Permission code="knowledge_delete device_update">
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="file-delete" onClick={() => confirmDelete(f)}>
              {t('delete')}
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="file-admin">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Typography.Text>{t('project')}</Typography.Text>
          <Select
            data-testid="file-project"
            style={{ width: 240 }}
            placeholder={t('chooseProject')}
            value={projectId ?? undefined}
            options={projects.map((p) => ({ value: p.projectId, label: english && p.enName ? p.enName : p.name }))}
            onChange={(v: number) => setProjectId(v)}
            showSearch
            optionFilterProp="label"
          />
          <Input.Search allowClear placeholder={t('search')} style={{ width: 220 }} value={search} onChange={(e) => setSearch(e.target.value)} />
        </Space>
        <Space>
          <Typography.Text type="secondary">{t('rules')}</Typography.Text>
          <Permission code="knowledge_upload device_update">
            <Upload accept={ACCEPT} showUploadList={false} multiple beforeUpload={beforeUpload} customRequest={customRequest} disabled={projectId === null}>
              <Button type="primary" icon={<UploadOutlined />} disabled={projectId === null} data-testid="file-upload">
                {t('upload')}
              </Button>
            </Upload>
          </Permission>
        </Space>
      </Flex>
      {projects.length === 0 ? (
        <Empty description={t('noProject')} />
      ) : (
        <Table<StoredFileInfo> rowKey="fileName" size="small" loading={isFetching} columns={columns} dataSource={shown} pagination={{ pageSize: 20, hideOnSinglePage: true }} data-testid="file-table" />
      )}
    </Card>
  );
}
