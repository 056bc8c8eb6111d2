import { Card, Col, Flex, Statistic, Tag, Typography, theme } from 'antd';
import { KpiRow } from '../../../widgets';
import { useTranslation } from 'react-i18next';
import type { ChillerEfficiency } from '@ems/contract';
import { fmt, gradeColor } from '../chiller-view';

/** COP, kW/RT, system EER, cooling and the chillers' GB 19577 grades of the range. */
export function KpiCards({ data }: { data: ChillerEfficiency }) {
  const { t } = useTranslation('efficiency-chiller');
  const { token } = theme.useToken();
  const p = data.plant;
  // a chiller with a curve that never came near full load is not graded: say how far it came
  const short = data.chillers.filter((c) => c.curve !== null && c.copAt100 === null);
  const reach = short.length > 0 ? Math.max(...short.map((c) => c.curve?.plrMax ?? 0)) : null;
  const cards: [string, string, string, string | undefined, string][] = [
    ['cop', t('kpi.cop'), fmt(p.cop, 2), undefined, t('kpi.copHint')],
    ['kwPerRt', t('kpi.kwPerRt'), fmt(p.kwPerRt, 3), 'kW/RT', t('kpi.kwPerRtHint')],
    ['eer', t('kpi.eer'), fmt(p.eer, 2), undefined, t('kpi.eerHint')],
    ['cooling', t('kpi.cooling'), fmt(p.coolingKwh, 0, true), 'kWh', t('kpi.coolingHint', { rt: fmt(p.rtHours, 0, true), kwh: fmt(p.totalKwh, 0, true) })],
  ];
  const hint = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
      {text}
    </Typography.Text>
  );
  return (
    <KpiRow col={{ flex: '1 1 200px' }} fill items={cards.map(([key, title, value, unit, h]) => ({ key, title, value, unit, hint: h, testId: `chiller-kpi-${key}` }))}>
      <Col flex="1 1 240px">
        <Card size="small" style={{ height: '100%' }}>
          <Statistic
            title={t('kpi.grade')}
            valueRender={() => (
              <Flex wrap gap={token.marginXXS} data-testid="chiller-kpi-grade">
                {data.chillers.map((c) => (
                  <Tag key={c.id} color={gradeColor(c.grade)}>
                    {c.name} {t(`grade.${c.grade}`)}
                  </Tag>
                ))}
              </Flex>
            )}
          />
          {hint(`${data.standard.code} · ${t('gradeHint')}`)}
          {reach !== null && (
            <Typography.Text type="warning" style={{ display: 'block', fontSize: token.fontSizeSM }} data-testid="chiller-grade-reach">
              {t('gradeReach', { max: fmt(reach * 100, 0) })}
            </Typography.Text>
          )}
        </Card>
      </Col>
    </KpiRow>
  );
}
