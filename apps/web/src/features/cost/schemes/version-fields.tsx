import { Button, Checkbox, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERIODS } from '../cost-view';
import { CalendarEditor } from './calendar-editor';

const PRICE = { pattern: /^\d{1,7}(\.\d{1,6})?$/, message: '0.0000' };

/** The fields of one tariff version (Form.List item `index` of 'versions'). */
export function VersionFields({ index }: { index: number }) {
  const { t } = useTranslation('cost');
  const f = (k: string | (string | number)[]) => [index, ...(Array.isArray(k) ? k : [k])];
  return (
    <>
      <Row gutter={12}>
        <Col span={6}>
          <Form.Item label={t('schemes.effectiveFrom')} name={f('effectiveFrom')} rules={[{ required: true }, { pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'YYYY-MM-DD' }]}>
            <Input placeholder="2026-01-01" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('schemes.basis')} name={f('basis')}>
            <Radio.Group options={[{ value: 'capacity', label: t('schemes.capacity') }, { value: 'demand', label: t('schemes.demand') }]} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('schemes.pfStandard')} name={f('pfStandard')}>
            <Select options={[{ value: '0.90', label: '0.90' }, { value: '0.85', label: '0.85' }, { value: '0.80', label: '0.80' }, { value: null, label: t('schemes.none') }]} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('schemes.readingDay')} name={f('meterReadingDay')} tooltip={t('schemes.calendarMonth')}>
            <InputNumber min={1} max={28} style={{ width: '100%' }} placeholder={t('schemes.calendarMonth')} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('schemes.capacityKva')} name={f('capacityKva')} rules={[{ required: true }]}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('schemes.priceKva')} name={f('priceKvaMonth')} rules={[{ required: true }, PRICE]}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('schemes.priceKw')} name={f('priceKwMonth')} rules={[{ required: true }, PRICE]}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('schemes.contractKw')} name={f('contractKw')} rules={[{ required: true }]}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label={t('schemes.election')} name={f('demandElection')}>
            <Radio.Group options={[{ value: 'contract', label: t('schemes.electContract') }, { value: 'actual', label: t('schemes.electActual') }]} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label=" " name={f('addReverseKvarh')} valuePropName="checked">
            <Checkbox>{t('schemes.reverse')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        {t('schemes.prices')}
      </Divider>
      <Row gutter={12}>
        {PERIODS.map((p) => (
          <Col key={p} flex="1 1 120px">
            <Form.Item label={t(`period.${p}`)} name={f(['touPrices', p])} rules={[PRICE]}>
              <Input />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Divider titlePlacement="start" plain>
        {t('schemes.surcharges')}
      </Divider>
      <Form.List name={f('surcharges')}>
        {(fields, { add, remove }) => (
          <Space direction="vertical" size={4}>
            {fields.map((s) => (
              <Space key={s.key} size={4}>
                <Form.Item name={[s.name, 'key']} rules={[{ required: true }, { pattern: /^[A-Za-z][A-Za-z0-9_]{0,31}$/ }]} noStyle>
                  <Input style={{ width: 140 }} placeholder={t('schemes.surchargeKey')} />
                </Form.Item>
                <Form.Item name={[s.name, 'name']} rules={[{ required: true }]} noStyle>
                  <Input style={{ width: 180 }} placeholder={t('schemes.surchargeName')} />
                </Form.Item>
                <Form.Item name={[s.name, 'priceYuanPerKwh']} rules={[{ required: true }, PRICE]} noStyle>
                  <Input style={{ width: 100 }} placeholder="0.0000" />
                </Form.Item>
                <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('schemes.remove')} onClick={() => remove(s.name)} />
              </Space>
            ))}
            <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', name: '', priceYuanPerKwh: '' })}>
              {t('schemes.addSurcharge')}
            </Button>
          </Space>
        )}
      </Form.List>
      <Divider titlePlacement="start" plain>
        {t('schemes.calendar')}
      </Divider>
      <CalendarEditor name={f('calendar')} />
    </>
  );
}
