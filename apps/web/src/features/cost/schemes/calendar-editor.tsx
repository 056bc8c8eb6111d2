import { Button, Card, Flex, Form, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERIODS } from '../cost-view';

/** 'HH:mm' text input (24:00 allowed as an end), validated on the server too (validateCalendar). */
const TIME_RULE = { pattern: /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, message: 'HH:mm' };

/** The ranges of one day schedule: start, end, period. `name` is the Form.List path of the schedule. */
function ScheduleList({ name }: { name: (string | number)[] }) {
  const { t } = useTranslation('cost');
  const periods = PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }));
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.map((f) => (
            <Space key={f.key} size={4}>
              <Form.Item name={[f.name, 'start']} rules={[{ required: true }, TIME_RULE]} noStyle>
                <Input style={{ width: 72 }} placeholder="00:00" />
              </Form.Item>
              <span>–</span>
              <Form.Item name={[f.name, 'end']} rules={[{ required: true }, TIME_RULE]} noStyle>
                <Input style={{ width: 72 }} placeholder="08:00" />
              </Form.Item>
              <Form.Item name={[f.name, 'period']} rules={[{ required: true }]} noStyle>
                <Select style={{ width: 110 }} options={periods} />
              </Form.Item>
              <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('schemes.remove')} onClick={() => remove(f.name)} />
            </Space>
          ))}
          <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add({ start: '', end: '', period: 'flat' })} style={{ width: 'fit-content' }}>
            {t('schemes.addRange')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** Seasons (name, months from–to, day schedule) and holiday overrides (date, day schedule) of a version's calendar. */
export function CalendarEditor({ name }: { name: (string | number)[] }) {
  const { t } = useTranslation('cost');
  return (
    <Flex vertical gap={8}>
      <Form.List name={[...name, 'seasons']}>
        {(fields, { add, remove }) => (
          <Flex wrap gap={8}>
            {fields.map((f) => (
              <Card
                key={f.key}
                size="small"
                style={{ width: 340 }}
                title={
                  <Space size={4}>
                    <Form.Item name={[f.name, 'name']} rules={[{ required: true }]} noStyle>
                      <Input style={{ width: 90 }} placeholder={t('schemes.season')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'fromMonth']} rules={[{ required: true }]} noStyle>
                      <InputNumber min={1} max={12} style={{ width: 56 }} />
                    </Form.Item>
                    <span>–</span>
                    <Form.Item name={[f.name, 'toMonth']} rules={[{ required: true }]} noStyle>
                      <InputNumber min={1} max={12} style={{ width: 56 }} />
                    </Form.Item>
                  </Space>
                }
                extra={<Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('schemes.remove')} onClick={() => remove(f.name)} />}
              >
                <ScheduleList name={[f.name, 'schedule']} />
              </Card>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', fromMonth: 1, toMonth: 12, schedule: [{ start: '00:00', end: '24:00', period: 'flat' }] })}>
              {t('schemes.addSeason')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <Form.List name={[...name, 'holidays']}>
        {(fields, { add, remove }) => (
          <Flex wrap gap={8}>
            {fields.map((f) => (
              <Card
                key={f.key}
                size="small"
                style={{ width: 340 }}
                title={
                  <Form.Item name={[f.name, 'date']} rules={[{ required: true }, { pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'YYYY-MM-DD' }]} noStyle>
                    <Input style={{ width: 120 }} placeholder="2026-10-01" />
                  </Form.Item>
                }
                extra={<Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('schemes.remove')} onClick={() => remove(f.name)} />}
              >
                <ScheduleList name={[f.name, 'schedule']} />
              </Card>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ date: '', schedule: [{ start: '00:00', end: '24:00', period: 'valley' }] })}>
              {t('schemes.addHoliday')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Flex>
  );
}

