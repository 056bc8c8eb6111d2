import { Form } from 'antd';
import type { ModelInfo, ModelNode } from '@ems/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { createSaver } from '../../../lib/http/query';
// module paths rather than the widgets index, which also registers the ECharts charts
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, useFormRules } from '../../../widgets/form-rules';
import { writeHierarchy } from '../api/write-hierarchy';
import { buildFields, codeRules, formToFields, initialValues, nameRules, type Msg } from '../form-fields';
import { addPayload, editPayload } from '../payload';
import { nodeKey } from '../tree-model';
import { AttrFormItems, type RefOption } from './attr-form-items';

/** What the dialog does: create a node of `info.label` under `parent`, or edit `node`. */
export type NodeFormTarget = { mode: 'create'; info: ModelInfo; parent: ModelNode; parentName: string } | { mode: 'edit'; info: ModelInfo; node: ModelNode };

/**
 * Create or edit a node: a form generated from the label's model-meta attributes, validated on blur
 * and on submit, saved through the hierarchy write (保存成功!); a server error keeps it open.
 */
export function NodeFormDialog({ target, refOptions, onClose, onSaved }: { target: NodeFormTarget | null; refOptions: Readonly<Record<string, readonly RefOption[]>>; onClose: () => void; onSaved: (createdKey?: string) => void }) {
  const { t } = useTranslation('model-manage');
  const created = useRef<string | undefined>(undefined);
  const rules = useFormRules();
  const [form] = Form.useForm<Record<string, unknown>>();
  const msg: Msg = (key, params) => t(key, params ?? {});
  const fields = useMemo(() => (target ? buildFields(target.info.attrs, rules, (k, p) => t(k, p ?? {})) : []), [target, rules, t]);
  const saver = useMemo(() => createSaver(writeHierarchy), []);
  const editedNode = target?.mode === 'edit' ? target.node : undefined;
  // a node cannot reference itself
  const refs = useMemo(
    () => Object.fromEntries(Object.entries(refOptions).map(([label, list]) => [label, list.filter((o) => !(editedNode?.modelLabel === label && o.value === editedNode.id))])),
    [refOptions, editedNode],
  );

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(initialValues(fields, target.mode === 'edit' ? target.node : undefined));
  }, [target, fields, form]);

  const submit = async () => {
    if (!target) return false;
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    const payload =
      target.mode === 'create'
        ? addPayload(target.parent, target.info.label, formToFields(values, fields, 'create'))
        : editPayload(target.node, formToFields(values, fields, 'edit'));
    const r = await saver.save(payload);
    if (r.status !== 'ok') return false;
    // the new node comes back as the only child of its parent
    const node = target.mode === 'create' ? r.data[0]?.children?.[0] : undefined;
    created.current = node && typeof node.id === 'number' ? nodeKey({ modelLabel: node.modelLabel, id: node.id }) : undefined;
    return true;
  };

  const title = !target ? '' : target.mode === 'create' ? t('addTitle', { label: target.info.name, parent: target.parentName }) : t('editTitle', { label: target.info.name });
  return (
    <EditDialog
      open={target !== null}
      title={<span data-testid="node-dialog-title">{title}</span>}
      beforeConfirm={submit}
      successMessage={t('common:saveSucceeded')}
      onConfirm={() => onSaved(created.current)}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="node-form">
        <AttrFormItems fields={fields} nameLabel={t('name')} codeLabel={t('code')} nameRules={nameRules(t('name'), rules, msg, editedNode?.name)} codeRules={codeRules(msg)} refOptions={refs} />
      </Form>
    </EditDialog>
  );
}
