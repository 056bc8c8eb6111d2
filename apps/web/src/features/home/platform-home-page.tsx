import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Statistic, Table, type TableColumnsType } from 'antd';
import type { ProjectInfo } from '@ems/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { projectsQuery } from '../../lib/api/projects';
import { enterProject } from '../../lib/session';
import { formatFigure } from './format';
import { industryLabel } from '../../lib/industry';

/** Platform home (module pf): the user's projects with basic information and totals. */
export default function PlatformHomePage() {
  const { t, i18n } = useTranslation('home');
  const navigate = useNavigate();
  const { data = [], isLoading } = useQuery(projectsQuery());
  const locale = i18n.language;
  const english = locale === 'en-US';
  const sum = (pick: (p: ProjectInfo) => number) => data.reduce((acc, p) => acc + (Number.isFinite(pick(p)) ? pick(p) : 0), 0);

  const columns: TableColumnsType<ProjectInfo> = [
    { key: 'name', title: t('field.name'), render: (_v, p) => (english && p.enName ? p.enName : p.name) },
    { key: 'address', title: t('field.address'), render: (_v, p) => (english && p.enAddress ? p.enAddress : p.address) || '--' },
    { key: 'capacity', title: t('field.capacityKva'), align: 'right', render: (_v, p) => formatFigure(p.capacityKva, locale) },
    { key: 'area', title: t('field.areaM2'), align: 'right', render: (_v, p) => formatFigure(p.areaM2, locale, 2) },
    { key: 'timezone', title: t('field.timezone'), dataIndex: 'timezone' },
    { key: 'industry', title: t('field.industry'), render: (_v, p) => industryLabel(t, p.industry) },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_v, p) => (
        <Button
          type="link"
          size="small"
          data-testid="enter-project"
          onClick={() => {
            navigate('/home');
            enterProject(p);
          }}
        >
          {t('platform.enter')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="platform-home">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('platform.projectCount')} value={data.length} loading={isLoading} data-testid="stat-project-count" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('platform.totalCapacity')} value={formatFigure(sum((p) => p.capacityKva), locale)} suffix="kVA" loading={isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('platform.totalArea')} value={formatFigure(sum((p) => p.areaM2), locale)} suffix="m²" loading={isLoading} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('platform.projects')}>
            <Table<ProjectInfo>
              rowKey="projectId"
              size="small"
              loading={isLoading}
              columns={columns}
              dataSource={data}
              pagination={false}
              locale={{ emptyText: t('platform.empty') }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
