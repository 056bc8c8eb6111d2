import { Form, Input, TreeSelect } from 'antd';
import type { UserGroupInfo } from '@ems/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createSaver } from '../../../lib/http/query';
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, trimValues, useFormRules } from '../../../widgets/form-rules';
import { createGroup, updateGroup } from '../api/groups';
import { buildGroupTree, subtreeIds, type GroupNode } from '../group-tree';

export type GroupEdit = { kind: 'create'; parent: UserGroupInfo } | { kind: 'edit'; group: UserGroupInfo } | null;

type Values = {
  name: string;
  parentId?: number;
};

interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

/** Create a sub-group, or rename and move a group (the parent chosen among groups not below it). */
export function GroupFormDialog({ edit, groups, onClose, onSaved }: { edit: GroupEdit; groups: UserGroupInfo[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('admin-usergroup');
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const saver = useMemo(
    () =>
      createSaver(async (v: Values) => {
        if (edit?.kind === 'create') await createGroup({ parentId: edit.parent.id, name: v.name });
        else if (edit?.kind === 'edit') await updateGroup(edit.group.id, { name: v.name, ...(v.parentId ? { parentId: v.parentId } : {}) });
      }),
    [edit],
  );
  useEffect(() => {
    if (!edit) return;
    form.resetFields();
    if (edit.kind === 'edit') form.setFieldsValue({ name: edit.group.name, parentId: edit.group.parentId ?? undefined });
    else form.setFieldsValue({ parentId: edit.parent.id });
  }, [edit, form]);

  // the parent choices: every group but the edited one and those below it (no cycles)
  const parentTree = useMemo(() => {
    const banned = edit?.kind === 'edit' ? subtreeIds(groups, edit.group.id) : new Set<number>();
    const toOption = (n: GroupNode): ParentOption => ({
      value: n.id,
      title: n.name,
      disabled: banned.has(n.id),
      children: n.children.map(toOption),
    });
    return buildGroupTree(groups).map(toOption);
  }, [groups, edit]);

  const submit = async () => {
    let values: Values;
    try {
      values = trimValues(await form.validateFields());
    } catch {
      return false;
    }
    return (await saver.save(values)).status === 'ok';
  };
  const isRoot = edit?.kind === 'edit' && edit.group.parentId === null;
  return (
    <EditDialog
      open={edit !== null}
      width={520}
      title={edit?.kind === 'edit' ? t('editTitle') : t('createTitle')}
      beforeConfirm={submit}
      successMessage={t('common:saveSucceeded')}
      onConfirm={onSaved}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="group-form">
        <Form.Item name="parentId" label={t('parent')} extra={isRoot ? t('rootFixed') : undefined}>
          <TreeSelect data-testid="group-parent" treeData={parentTree} treeDefaultExpandAll disabled={edit?.kind === 'create' || isRoot} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[...rules.required(t('name')), ...rules.name(50)]} required>
          <Input data-testid="group-name" />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}
