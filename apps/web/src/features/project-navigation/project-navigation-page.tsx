import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Flex, Input, Row, Skeleton, Typography } from 'antd';
import type { ProjectInfo } from '@ems/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { substitute } from '../../i18n/substitute';
import { projectsQuery } from '../../lib/api/projects';
import { enterProject } from '../../lib/session';
import { industryLabel } from '../../lib/industry';

/** The user's projects as cards with basic information; entering one switches to module fw. */
export default function ProjectNavigationPage() {
  const { t, i18n } = useTranslation('project-navigation');
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const { data = [], isLoading } = useQuery(projectsQuery());
  const english = i18n.language === 'en-US';
  const nameOf = (p: ProjectInfo) => (english && p.enName ? p.enName : p.name);
  const shown = data.filter((p) => nameOf(p).toLowerCase().includes(filter.trim().toLowerCase()));
  const enter = (p: ProjectInfo) => {
    // navigate first: the route guard must see the project page and the new module together
    navigate('/home');
    enterProject(p);
  };
  const number = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString(i18n.language, { maximumFractionDigits: digits }) : '--');

  return (
    <Flex vertical gap={16} data-testid="project-navigation">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{substitute(t('count'), data.length)}</Typography.Text>
        <Input.Search allowClear data-testid="project-search" placeholder={t('search')} style={{ width: 260 }} onChange={(e) => setFilter(e.target.value)} />
      </Flex>
      {isLoading ? (
        <Skeleton active />
      ) : shown.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((p) => (
            <Col key={p.projectId} xs={24} md={12} xl={8}>
              <Card
                hoverable
                data-testid="project-card"
                data-project-id={p.projectId}
                title={nameOf(p)}
                extra={
                  <Button type="primary" size="small" data-testid="project-card-enter" onClick={() => enter(p)}>
                    {t('enter')}
                  </Button>
                }
              >
                <Typography.Paragraph type="secondary" ellipsis>
                  <EnvironmentOutlined /> {(english && p.enAddress ? p.enAddress : p.address) || '--'}
                </Typography.Paragraph>
                <Descriptions
                  size="small"
                  column={2}
                  items={[
                    { key: 'capacity', label: t('capacity'), children: `${number(p.capacityKva)} kVA` },
                    { key: 'area', label: t('area'), children: `${number(p.areaM2, 2)} m²` },
                    { key: 'timezone', label: t('timezone'), children: p.timezone || '--' },
                    { key: 'industry', label: t('industry'), children: industryLabel(t, p.industry) },
                  ]}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
