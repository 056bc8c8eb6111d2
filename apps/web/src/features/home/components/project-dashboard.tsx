import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Row, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectDashboard } from '@ems/contract';
import { useFormatTime } from '../../../lib/time';
import { usePeriodicTask } from '../../../widgets';
import { dashboardQuery } from '../api/get-dashboard';
import { EnergyCard } from './energy-card';
import { SeedingNotice } from './seeding-notice';
import { CarbonCard, CompletenessCard, LoadCard } from './summary-cards';
import { TopConsumersCard } from './top-consumers-card';

/** The dashboard's figures as cards (no fetching): energy types, load, tce/CO₂, completeness, top consumers. */
export function DashboardView({ data }: { data: ProjectDashboard }) {
  const { t } = useTranslation('home');
  const time = useFormatTime();
  const { token } = theme.useToken();
  return (
    <Row gutter={[token.margin, token.margin]} data-testid="project-dashboard">
      {data.sim && (
        <Col span={24}>
          <SeedingNotice sim={data.sim} />
        </Col>
      )}
      {data.energy.map((e) => (
        <Col key={e.energyType} xs={24} md={12} xl={8} xxl={6}>
          <EnergyCard energy={e} />
        </Col>
      ))}
      <Col xs={24} xl={8}>
        <Row gutter={[token.margin, token.margin]}>
          <Col span={24}>
            <LoadCard load={data.load} />
          </Col>
          <Col span={24}>
            <CarbonCard tce={data.monthTce} co2T={data.monthCo2T} />
          </Col>
          <Col span={24}>
            <CompletenessCard completeness={data.completeness} />
          </Col>
        </Row>
      </Col>
      <Col xs={24} xl={16}>
        <TopConsumersCard list={data.topConsumers} />
      </Col>
      <Col span={24}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid="dash-footnote">
          {t('dashboard.footnote', { until: time(data.comparedUntil, 'HH:mm') })}
        </Typography.Text>
      </Col>
    </Row>
  );
}

/** Fetches the project's dashboard and refreshes it every 15 s. */
export function ProjectDashboardSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation('home');
  const q = useQuery(dashboardQuery(projectId));
  usePeriodicTask(() => q.refetch().then(() => undefined));
  if (q.isLoading) return <Skeleton active />;
  if (!q.data) return <Alert type="error" showIcon title={t('dashboard.loadFailed')} />;
  return <DashboardView data={q.data} />;
}
