import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Empty, Row, Skeleton, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { projectSummaryQuery } from '../../lib/api/projects';
import { useSession } from '../../lib/session';
import { formatFigure } from './format';
import { industryLabel } from '../../lib/industry';

/**
 * Project home (module fw): the project's information and node counts. Energy figures arrive
 * with a later issue; no numbers are invented meanwhile.
 */
export default function ProjectHomePage() {
  const { t, i18n } = useTranslation('home');
  const projectId = useSession((s) => s.projectId);
  const { data, isLoading } = useQuery({ ...projectSummaryQuery(projectId ?? -1), enabled: projectId !== null });
  const locale = i18n.language;
  const english = locale === 'en-US';
  if (projectId === null) return <Empty description={t('project.noProject')} />;
  if (isLoading || !data) return <Skeleton active />;
  const p = data.project;
  return (
    <Row gutter={[16, 16]} data-testid="project-home">
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
              { key: 'created', label: t('field.createTime'), children: p.createTime ? dayjs(p.createTime).format('YYYY-MM-DD') : '--' },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('project.nodes')}>
          <Row gutter={[16, 16]}>
            {data.nodeCounts.map((n) => (
              <Col key={n.modelLabel} xs={12} md={6} xl={4}>
                <Statistic
                  title={t(`modelLabel.${n.modelLabel}`, { defaultValue: n.modelLabel })}
                  value={n.count}
                  data-testid={`node-count-${n.modelLabel}`}
                />
              </Col>
            ))}
            <Col xs={12} md={6} xl={4}>
              <Statistic title={t('project.userCount')} value={data.userCount} />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col span={24}>
        <Alert type="info" showIcon title={t('project.energyLater')} />
      </Col>
    </Row>
  );
}
