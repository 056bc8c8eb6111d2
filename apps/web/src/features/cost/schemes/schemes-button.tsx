import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CostScheme } from '@ems/contract';
import { usePermission } from '../../../lib/permission';
import { useSession } from '../../../lib/session';
import { deleteScheme, schemesQuery } from '../api/schemes';
import { AttachDialog } from './attach-dialog';
import { SchemeDialog } from './scheme-dialog';

const ANY = 'feescheme_browse feescheme_create feescheme_update feescheme_delete costscheme_relate_node';

/** The tariff-scheme editor, opened from /energyCostAnalysis: list, create/edit, delete, attach to nodes — each action by its permission. */
export function SchemesButton() {
  const { t } = useTranslation('cost');
  const can = usePermission();
  const projectId = useSession((s) => s.projectId);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<CostScheme | null | 'new'>(null);
  const [attaching, setAttaching] = useState<CostScheme | null>(null);
  const list = useQuery({ ...schemesQuery(), enabled: open });
  const refresh = () => {
    // a scheme prices more than the cost pages (the consumption's time-of-use split, the forecast's
    // projected bill, the transformer suggestions' money, the demand rule's contract): every figure
    // shown is asked for again, as after a sign-in
    void client.invalidateQueries();
  };
  if (!can(ANY) || projectId === null) return null;
  const schemes = (list.data ?? []).filter((s) => s.projectId === projectId);
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="cost-schemes">
        {t('schemes.open')}
      </Button>
      <Modal
        open={open}
        title={t('schemes.title')}
        width={960}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {can('feescheme_create') && (
          <Button type="primary" style={{ marginBottom: 8 }} onClick={() => setEditing('new')}>
            {t('schemes.add')}
          </Button>
        )}
        <Table<CostScheme>
          size="small"
          rowKey="id"
          loading={list.isFetching}
          pagination={false}
          dataSource={schemes}
          data-testid="scheme-list"
          columns={[
            { title: t('schemes.name'), dataIndex: 'name' },
            { title: t('schemes.versions'), key: 'versions', render: (_, s) => s.versions.map((v) => <Tag key={v.effectiveFrom}>{v.effectiveFrom}</Tag>) },
            { title: t('schemes.nodes'), key: 'nodes', render: (_, s) => s.nodes.map((n) => n.name).join('、') },
            {
              title: '',
              key: 'actions',
              width: 220,
              render: (_, s) => (
                <Space size={4}>
                  {can('feescheme_update') && (
                    <Button size="small" type="link" onClick={() => setEditing(s)}>
                      {t('schemes.edit')}
                    </Button>
                  )}
                  {can('costscheme_relate_node') && (
                    <Button size="small" type="link" onClick={() => setAttaching(s)}>
                      {t('schemes.attach')}
                    </Button>
                  )}
                  {can('feescheme_delete') && (
                    <Popconfirm title={t('schemes.deleteConfirm')} onConfirm={async () => (await deleteScheme(s.id), refresh())}>
                      <Button size="small" type="link" danger>
                        {t('schemes.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Modal>
      <SchemeDialog open={editing !== null} scheme={editing === 'new' ? null : editing} projectId={projectId} onClose={() => setEditing(null)} onSaved={refresh} />
      <AttachDialog scheme={attaching} onClose={() => setAttaching(null)} onSaved={refresh} />
    </>
  );
}
