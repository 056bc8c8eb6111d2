import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Flex, Pagination, Row, Segmented, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../widgets/empty-state/empty-state';
import { camerasQuery } from './api/get-cameras';
import { HlsPlayer } from './components/hls-player';
import { PlaceTreePanel } from './components/place-tree-panel';
import { columnsOf, LAYOUTS, type Layout } from './stream-url';
import { usePlace } from './use-place';

/**
 * Video monitoring (/videoMonitor): the cameras of the picked place in a 1, 4 or 9 grid of HLS
 * players (hls.js, loaded with this page), paged when there are more cameras than players.
 */
export default function VideoMonitorPage() {
  const { t } = useTranslation('environment');
  const { token } = theme.useToken();
  const place = usePlace();
  const node = place.node;
  const cameras = useQuery({ ...camerasQuery(node?.id ?? -1, node?.modelLabel ?? 'project'), enabled: node !== null });
  const [layout, setLayout] = useState<Layout>(4);
  const [page, setPage] = useState(1);
  // camera id → its player shows the stream or its error
  const [settled, setSettled] = useState<Readonly<Record<number, boolean>>>({});
  const onSettled = (id: number) => (v: boolean) => setSettled((s) => (s[id] === v ? s : { ...s, [id]: v }));
  if (place.projectId === null || !node) return <Empty description={t('noProject')} />;
  const list = cameras.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / layout));
  const current = Math.min(page, pages);
  const shown = list.slice((current - 1) * layout, current * layout);
  const span = 24 / columnsOf(layout);
  return (
    // data-ready: the place's cameras are listed and every shown player plays its stream (or says why it cannot)
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="video-monitor" data-ready={cameras.data !== undefined && shown.every((c) => settled[c.id] === true)}>
      <PlaceTreePanel
        places={place.places}
        loading={place.loading}
        node={node}
        onPick={(n) => {
          place.setPicked(n);
          setPage(1);
        }}
        storageKey="videoMonitor.sidePanel"
      />
      <Flex vertical gap={token.margin} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Card size="small">
          <Flex justify="space-between" align="center" wrap gap={token.margin}>
            <Typography.Text data-testid="camera-count">
              {t('cameras')}: {list.length}
            </Typography.Text>
            <Flex gap={token.marginXS} align="center">
              <span>{t('layout')}</span>
              <Segmented<Layout>
                data-testid="camera-layout"
                value={layout}
                options={LAYOUTS.map((n) => ({ value: n, label: String(n) }))}
                onChange={(v) => {
                  setLayout(v);
                  setPage(1);
                }}
              />
            </Flex>
          </Flex>
        </Card>
        {cameras.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        {cameras.isLoading ? (
          <Skeleton active />
        ) : list.length === 0 ? (
          <EmptyState description={t('noCameras')} />
        ) : (
          <>
            <Row gutter={[token.margin, token.margin]}>
              {shown.map((c) => (
                <Col key={c.id} span={span}>
                  <Card size="small" title={c.name} data-testid="camera-card">
                    <HlsPlayer url={c.streamUrl} name={c.name} onSettled={onSettled(c.id)} />
                    <Typography.Text type="secondary" ellipsis style={{ display: 'block', marginTop: token.marginXS }}>
                      {[c.room?.name, c.location].filter(Boolean).join(' · ') || '\u00a0'}
                    </Typography.Text>
                  </Card>
                </Col>
              ))}
            </Row>
            {pages > 1 && <Pagination align="center" current={current} pageSize={layout} total={list.length} onChange={setPage} showSizeChanger={false} />}
          </>
        )}
      </Flex>
    </Flex>
  );
}
