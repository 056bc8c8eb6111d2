import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectSummaryQuery } from '../../lib/api/projects';
import { useSession } from '../../lib/session';
import { ProjectDashboardSection } from './components/project-dashboard';
import { ProjectInfoCards } from './components/project-info';

/**
 * Project home (module fw): the project dashboard (today's and this month's consumption per
 * energy type with 同比/环比, present load, tce/CO₂, data completeness, top consumers; refreshed
 * every 15 s), then the project's information and node counts.
 */
export default function ProjectHomePage() {
  const { t } = useTranslation('home');
  const projectId = useSession((s) => s.projectId);
  const { data, isLoading } = useQuery({ ...projectSummaryQuery(projectId ?? -1), enabled: projectId !== null });
  if (projectId === null) return <Empty description={t('project.noProject')} />;
  return (
    <Row gutter={[16, 16]} data-testid="project-home">
      <Col span={24}>
        <ProjectDashboardSection projectId={projectId} />
      </Col>
      {isLoading || !data ? (
        <Col span={24}>
          <Skeleton active />
        </Col>
      ) : (
        <ProjectInfoCards summary={data} />
      )}
    </Row>
  );
}
