import { DeleteOutlined, DownOutlined, DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Dropdown, Space, Typography } from 'antd';
import type { ModelInfo, ModelNode } from '@ems/contract';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../lib/permission';
import { attrText } from '../attr-text';
import { headingText } from '../form-fields';

export interface NodeDetailsProps {
  node: ModelNode;
  name: string;
  info: ModelInfo | undefined;
  /** labels that may be added under the node */
  childInfos: readonly ModelInfo[];
  descendants: number;
  /** names of referenced nodes, by `${label}_${id}` */
  refName: (label: string, id: number) => string | undefined;
  onAdd: (info: ModelInfo) => void;
  onEdit: () => void;
  onMove: () => void;
  onDelete: () => void;
}

/** The selected node: its attributes with units and enum texts, and the actions the user may take. */
export function NodeDetails(props: NodeDetailsProps) {
  const { node, info, childInfos } = props;
  const { t } = useTranslation('model-manage');
  const writable = info?.writable ?? false;
  const none = '--';
  const items = [
    { key: 'name', label: t('name'), children: <span data-testid="detail-name">{props.name}</span> },
    { key: 'type', label: t('type'), children: headingText(info?.name ?? node.modelLabel) },
    { key: 'code', label: t('code'), children: node.code || none },
    { key: 'children', label: t('childCount'), children: props.descendants },
    ...(info?.attrs ?? []).map((a) => ({
      key: a.name,
      label: headingText(a.label),
      children: attrText(a, node[a.name], { yes: t('yes'), no: t('no'), none, refName: props.refName }),
    })),
  ];

  const actions = (
    <Space wrap>
      <Permission code="device_create">
        <Dropdown
          disabled={childInfos.length === 0}
          trigger={['click']}
          menu={{
            items: childInfos.map((c) => ({ key: c.label, label: <span data-testid={`model-add-${c.label}`}>{headingText(c.name)}</span> })),
            onClick: ({ key }) => {
              const chosen = childInfos.find((c) => c.label === key);
              if (chosen) props.onAdd(chosen);
            },
          }}
        >
          <Button type="primary" icon={<PlusOutlined />} data-testid="model-add" title={childInfos.length === 0 ? t('noChildLabels') : undefined}>
            {t('add')} <DownOutlined />
          </Button>
        </Dropdown>
      </Permission>
      {writable && (
        <>
          <Permission code="device_update">
            <Button icon={<EditOutlined />} data-testid="model-edit" onClick={props.onEdit}>
              {t('edit')}
            </Button>
          </Permission>
          <Permission code="device_update">
            <Button icon={<DragOutlined />} data-testid="model-move" onClick={props.onMove}>
              {t('move')}
            </Button>
          </Permission>
          <Permission code="device_delete">
            <Button danger icon={<DeleteOutlined />} data-testid="model-delete" onClick={props.onDelete}>
              {t('delete')}
            </Button>
          </Permission>
        </>
      )}
    </Space>
  );

  return (
    <Card title={t('detailsTitle')} extra={actions} data-testid="model-details" data-node-key={`${node.modelLabel}_${node.id}`}>
      <Descriptions bordered size="small" column={{ xs: 1, lg: 2 }} items={items} />
      {!writable && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('projectReadOnly')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
