import { Card, Col, Descriptions, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '@ems/contract';
import { industryLabel } from '../../../lib/industry';
import { modelLabelName } from '../../../lib/model-label';
import { formatTime, zoneOrDefault } from '../../../lib/time';
import { formatFigure } from '../format';

/** The project's information and its node counts. */
export function ProjectInfoCards({ summary }: { summary: ProjectSummary }) {
  const { t, i18n } = useTranslation('home');
  const locale = i18n.language;
  const english = locale === 'en-US';
  const p = summary.project;
  return (
    <>
      <Col span={24}>
        <Card title={t('project.info')}>
          <Descriptions
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'name', label: t('field.name'), children: <span data-testid="project-home-name">{english && p.enName ? p.enName : p.name}</span> },
              { key: 'code', label: t('field.code'), children: p.code || '--' },
              { key: 'address', label: t('field.address'), children: (english && p.enAddress ? p.enAddress : p.address) || '--' },
              { key: 'capacity', label: t('field.capacityKva'), children: formatFigure(p.capacityKva, locale) },
              { key: 'area', label: t('field.areaM2'), children: formatFigure(p.areaM2, locale, 2) },
              { key: 'timezone', label: t('field.timezone'), children: p.timezone || '--' },
              { key: 'industry', label: t('field.industry'), children: industryLabel(t, p.industry) },
              {
                key: 'location',
                label: t('field.location'),
                children: p.latitude !== null && p.longitude !== null ? `${p.latitude}, ${p.longitude}` : '--',
              },
              { key: 'created', label: t('field.createTime'), children: p.createTime ? formatTime(p.createTime, zoneOrDefault(p.timezone), 'YYYY-MM-DD') : '--' },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('project.nodes')}>
          <Row gutter={[16, 16]}>
            {summary.nodeCounts.map((n) => (
              <Col key={n.modelLabel} xs={12} md={6} xl={4}>
                <Statistic title={modelLabelName(n.modelLabel, locale)} value={n.count} data-testid={`node-count-${n.modelLabel}`} />
              </Col>
            ))}
            <Col xs={12} md={6} xl={4}>
              <Statistic title={t('project.userCount')} value={summary.userCount} />
            </Col>
          </Row>
        </Card>
      </Col>
    </>
  );
}
