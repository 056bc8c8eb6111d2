import { useEffect, useMemo } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HazardSource, HazardSourceInput, SensorRow } from '@ems/contract';
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, trimValues, useFormRules } from '../../../widgets/form-rules';
import type { ModelTreeNode } from '../../../widgets/model-tree/tree-filter';
import { saveHazard } from '../api/hazards';

interface FormValues {
  name: string;
  grade: number;
  node?: string;
  location?: string;
  responsible: string;
  phone: string;
  sensorIds?: number[];
  note?: string;
}

type TreeOption = { value: string; title: string; children: TreeOption[] };
const options = (nodes: readonly ModelTreeNode[]): TreeOption[] => nodes.map((n) => ({ value: String(n.key), title: String(n.title), children: options(n.children ?? []) }));

/** Create (target 'new') or edit a hazard source; validated on blur and on OK; a server 400 keeps it open. */
export function HazardDialog({ target, projectId, places, sensors, onClose, onSaved }: { target: HazardSource | 'new' | null; projectId: number; places: ModelTreeNode[]; sensors: readonly SensorRow[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('environment');
  const rules = useFormRules();
  const [form] = Form.useForm<FormValues>();
  // the project's own node is not a place a source sits at: its buildings and below
  const tree = useMemo(() => options(places.flatMap((p) => p.children ?? [])), [places]);

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    if (target !== 'new')
      form.setFieldsValue({
        name: target.name,
        grade: target.grade,
        node: target.nodeId !== null ? `${target.modelLabel}_${target.nodeId}` : undefined,
        location: target.location,
        responsible: target.responsible,
        phone: target.phone,
        sensorIds: target.sensors.map((s) => s.id),
        note: target.note,
      });
  }, [target, form]);

  const submit = async () => {
    let v: FormValues;
    try {
      v = trimValues({ ...(await form.validateFields()) }) as unknown as FormValues;
    } catch {
      return false;
    }
    const [label, id] = v.node ? [v.node.slice(0, v.node.lastIndexOf('_')), Number(v.node.slice(v.node.lastIndexOf('_') + 1))] : [null, null];
    const input: HazardSourceInput = {
      projectId,
      name: v.name,
      grade: v.grade,
      nodeId: id,
      modelLabel: label,
      location: v.location ?? '',
      responsible: v.responsible,
      phone: v.phone,
      sensorIds: v.sensorIds ?? [],
      note: v.note ?? '',
    };
    try {
      await saveHazard(target === 'new' || target === null ? null : target.id, input);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <EditDialog open={target !== null} width={640} title={<span data-testid="hazard-dialog-title">{target === 'new' ? t('addTitle') : t('editTitle')}</span>} beforeConfirm={submit} successMessage={t('common:saveSucceeded')} onConfirm={onSaved} onClose={onClose}>
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="hazard-form" initialValues={{ grade: 4 }}>
        <Form.Item name="name" label={t('hazard.name')} required rules={rules.name(50)}>
          <Input maxLength={50} data-testid="hazard-name" />
        </Form.Item>
        <Form.Item name="grade" label={t('hazard.grade')} required rules={rules.select(t('hazard.grade'))}>
          <Select data-testid="hazard-grade" options={[1, 2, 3, 4].map((g) => ({ value: g, label: t(`grade.${g}`) }))} />
        </Form.Item>
        <Form.Item name="node" label={t('hazard.node')}>
          <TreeSelect data-testid="hazard-node" allowClear treeDefaultExpandAll treeData={tree} />
        </Form.Item>
        <Form.Item name="location" label={t('hazard.location')}>
          <Input maxLength={100} data-testid="hazard-location" />
        </Form.Item>
        <Form.Item name="responsible" label={t('hazard.responsible')} required rules={[...rules.required(t('hazard.responsible')), ...rules.length(20)]}>
          <Input maxLength={20} data-testid="hazard-responsible" />
        </Form.Item>
        <Form.Item name="phone" label={t('hazard.phone')} required rules={[...rules.required(t('hazard.phone')), ...rules.phoneOrLandline()]}>
          <Input maxLength={20} data-testid="hazard-phone" />
        </Form.Item>
        <Form.Item name="sensorIds" label={t('hazard.sensors')}>
          <Select data-testid="hazard-sensors" mode="multiple" allowClear optionFilterProp="label" options={sensors.map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        <Form.Item name="note" label={t('hazard.note')}>
          <Input.TextArea maxLength={255} rows={2} data-testid="hazard-note" />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}
