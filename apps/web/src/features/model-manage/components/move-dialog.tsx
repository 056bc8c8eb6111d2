import { Form, TreeSelect, Typography } from 'antd';
import type { ModelNode } from '@ems/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createSaver } from '../../../lib/http/query';
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, useFormRules } from '../../../widgets/form-rules';
import { writeHierarchy } from '../api/write-hierarchy';
import { movePayload } from '../payload';
import type { MoveTarget } from '../tree-model';

export interface MoveRequest {
  node: ModelNode;
  name: string;
  parent: ModelNode;
  parentName: string;
  /** the tree without the node's subtree; disabled where its label is not allowed */
  targets: MoveTarget[];
  /** the model node behind a target key */
  resolve: (key: string) => ModelNode | undefined;
}

/** Move a node: choose a new parent among the allowed ones; saved as a hierarchy write with moveFrom. */
export function MoveDialog({ request, onClose, onSaved }: { request: MoveRequest | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('model-manage');
  const rules = useFormRules();
  const [form] = Form.useForm<{ target?: string }>();
  const saver = useMemo(() => createSaver(writeHierarchy), []);

  useEffect(() => {
    if (request) form.resetFields();
  }, [request, form]);

  const submit = async () => {
    if (!request) return false;
    let target: ModelNode | undefined;
    try {
      target = request.resolve((await form.validateFields()).target ?? '');
    } catch {
      return false;
    }
    if (!target) return false;
    return (await saver.save(movePayload(request.node, request.parent, target))).status === 'ok';
  };

  return (
    <EditDialog
      open={request !== null}
      width={560}
      title={<span data-testid="move-dialog-title">{request ? t('moveTitle', { name: request.name }) : ''}</span>}
      beforeConfirm={submit}
      successMessage={t('common:saveSucceeded')}
      onConfirm={onSaved}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR}>
        <Form.Item label={t('moveCurrentParent')}>
          <Typography.Text>{request?.parentName}</Typography.Text>
        </Form.Item>
        <Form.Item name="target" label={t('moveTarget')} rules={rules.select(t('moveTarget'))} extra={t('moveHint')} required>
          <TreeSelect
            data-testid="move-target"
            treeData={request?.targets ?? []}
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            listHeight={360}
            popupMatchSelectWidth
          />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}
