import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { ProjectBody, ProjectInfo } from '@ems/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createSaver } from '../../../lib/http/query';
// module paths rather than the widgets index, which also registers the ECharts charts
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, trimValues, useFormRules } from '../../../widgets/form-rules';
import { createProject, updateProject } from '../api/project-mutations';
import { INDUSTRIES, industryLabel } from '../../../lib/industry';

const TIMEZONES = ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Singapore', 'Asia/Tokyo', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'UTC'];

type FormValues = Omit<ProjectBody, 'latitude' | 'longitude'> & { latitude?: number | null; longitude?: number | null };

function toBody(values: FormValues): ProjectBody {
  const v = trimValues(values);
  const body: ProjectBody = { name: v.name, capacityKva: Number(v.capacityKva) };
  for (const key of ['enName', 'code', 'address', 'enAddress', 'timezone', 'industry'] as const) if (v[key]) body[key] = v[key];
  if (v.areaM2 !== undefined && v.areaM2 !== null) body.areaM2 = Number(v.areaM2);
  body.latitude = v.latitude ?? null;
  body.longitude = v.longitude ?? null;
  return body;
}

/**
 * Create or edit a project: the shared EditDialog with a validated form (spec 5 rules on blur and
 * on submit). `project` null means create.
 */
export function ProjectFormDialog({ open, project, onClose, onSaved }: { open: boolean; project: ProjectInfo | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('project-config');
  const rules = useFormRules();
  const { t: tw } = useTranslation('widgets');
  // optional text: empty passes, otherwise at most `max` characters
  const optionalLength = (max: number) => [{ max, message: tw('validation.lengthRange', { max }) }];
  const [form] = Form.useForm<FormValues>();
  const saver = useMemo(() => createSaver((body: ProjectBody) => (project ? updateProject(project.projectId, body) : createProject(body))), [project]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (project) form.setFieldsValue(project);
    else form.setFieldsValue({ timezone: 'Asia/Shanghai' });
  }, [open, project, form]);

  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    const outcome = await saver.save(toBody(values));
    return outcome.status === 'ok';
  };

  return (
    <EditDialog
      open={open}
      title={<span data-testid="project-dialog-title">{project ? t('editTitle') : t('createTitle')}</span>}
      beforeConfirm={submit}
      successMessage={t('common:saveSucceeded')}
      onConfirm={onSaved}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="project-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('name')} rules={[...rules.required(t('name')), ...rules.name(50)]} required>
              <Input data-testid="project-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enName" label={t('enName')} rules={optionalLength(100)}>
              <Input data-testid="project-en-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="code" label={t('code')} rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: t('codePattern') }, ...rules.noSpaces()]}>
              <Input data-testid="project-code" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="industry" label={t('industry')}>
              <Select allowClear options={INDUSTRIES.map((i) => ({ value: i, label: industryLabel(t, i) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="address" label={t('address')} rules={optionalLength(255)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enAddress" label={t('enAddress')} rules={optionalLength(255)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="capacityKva" label={t('capacityKva')} rules={[...rules.required(t('capacityKva')), ...rules.integer()]} required>
              <InputNumber style={{ width: '100%' }} min={0} data-testid="project-capacity" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="areaM2" label={t('areaM2')} rules={rules.decimal2()}>
              <InputNumber style={{ width: '100%' }} min={0} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="timezone" label={t('timezone')} rules={rules.select(t('timezone'))}>
              <Select options={TIMEZONES.map((z) => ({ value: z, label: z }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="latitude" label={t('latitude')}>
              <InputNumber style={{ width: '100%' }} min={-90} max={90} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="longitude" label={t('longitude')}>
              <InputNumber style={{ width: '100%' }} min={-180} max={180} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </EditDialog>
  );
}
