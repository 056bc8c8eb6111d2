import { useEffect, useState } from 'react';
import { App, Button, Collapse, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CostScheme } from '@ems/contract';
import { rangeOf } from '@ems/domain';
import { formatInZone, useProjectZone } from '../../../lib/time';
import { EditDialog } from '../../../widgets';
import { saveScheme } from '../api/schemes';
import { blankVersion, toForm, toInput, type SchemeFormValues } from './scheme-input';
import { VersionFields } from './version-fields';

/** The first day of the project's current (or next) month, as a version's 'from' date. */
function monthStart(timeZone: string, next: boolean): string {
  const month = rangeOf(3, Date.now(), timeZone);
  return formatInZone(next ? month.endTime + 1 : month.startTime, timeZone, 'YYYY-MM-DD');
}

/** Create or edit a scheme: name, description and its dated versions (a change of tariff is a new version from a date). */
export function SchemeDialog({ open, scheme, projectId, onClose, onSaved }: { open: boolean; scheme: CostScheme | null; projectId: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('cost');
  const [form] = Form.useForm<SchemeFormValues>();
  const [active, setActive] = useState<string[]>(['0']);
  const { message } = App.useApp();
  const zone = useProjectZone();
  useEffect(() => {
    if (!open) return;
    const values = scheme ? toForm(scheme) : { name: '', description: '', versions: [blankVersion(monthStart(zone, false))] };
    form.setFieldsValue(values);
    setActive([String(values.versions.length - 1)]);
  }, [open, scheme, form, zone]);
  const confirm = async () => {
    const values = await form.validateFields();
    const saved = await saveScheme(scheme?.id ?? null, toInput(projectId, values));
    // saved all the same, but worth a look (a contract below 40 % of the capacity is billed at 40 %)
    for (const w of saved.warnings ?? []) void message.warning(w.message, 8);
    return true;
  };
  return (
    <EditDialog open={open} title={scheme ? t('schemes.edit') : t('schemes.add')} width={1100} beforeConfirm={confirm} onConfirm={onSaved} onClose={onClose} successMessage={t('schemes.saved')}>
      <Form form={form} layout="vertical" size="small" data-testid="scheme-form">
        <Form.Item label={t('schemes.name')} name="name" rules={[{ required: true, max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('schemes.description')} name="description" rules={[{ max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.List name="versions">
          {(fields, { add }) => (
            <>
              <Collapse
                activeKey={active}
                onChange={(k) => setActive(Array.isArray(k) ? k : [k])}
                items={fields.map((f) => ({
                  key: String(f.name),
                  label: <Form.Item noStyle shouldUpdate>{() => `${t('schemes.effectiveFrom')} ${String(form.getFieldValue(['versions', f.name, 'effectiveFrom']) ?? '')}`}</Form.Item>,
                  children: <VersionFields index={f.name} />,
                }))}
              />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() => {
                  const versions = form.getFieldValue('versions') as SchemeFormValues['versions'];
                  const last = versions[versions.length - 1];
                  add({ ...(last ?? blankVersion('')), effectiveFrom: monthStart(zone, true) });
                  setActive([String(versions.length)]);
                }}
              >
                {t('schemes.addVersion')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </EditDialog>
  );
}
