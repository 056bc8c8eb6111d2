import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Empty, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorDevice } from '@ems/contract';
import { useSession } from '../../lib/session';
import { EmptyState, ModelTree, SidePanel, usePeriodicTask, type ModelTreeNode } from '../../widgets';
import { devicesQuery } from './api/get-devices';
import { useModelTreeNodes, type TreeNodeRef } from '../../lib/api/model-tree';
import { DeviceCard } from './components/device-card';
import { ImportReadingsButton } from './components/import-readings-button';

/** Online devices first, then those with readings, then the rest; the server's order within each. */
const rank = (d: MonitorDevice) => (d.online ? 0 : d.points.length > 0 ? 1 : 2);
const byState = (list: MonitorDevice[]) => [...list].sort((a, b) => rank(a) - rank(b));

/**
 * Device monitoring (/deviceMonitor): the devices under the chosen node (the project at first) with
 * their latest values against the limits and their online state, refreshed every 5 s by the
 * realtime periodic task.
 */
export default function DeviceMonitorPage() {
  const { t } = useTranslation('device-monitor');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const tree = useModelTreeNodes(projectId);
  const [picked, setPicked] = useState<TreeNodeRef | null>(null);
  const node = picked ?? (projectId === null ? null : { id: projectId, modelLabel: 'project', name: '' });
  const devices = useQuery({ ...devicesQuery(node?.id ?? -1, node?.modelLabel ?? 'project'), enabled: node !== null });
  usePeriodicTask(() => devices.refetch().then(() => undefined), { realtime: true, enabled: node !== null });

  if (projectId === null || !node) return <Empty />;
  const list = byState(devices.data?.devices ?? []);
  const online = list.filter((d) => d.online).length;
  return (
    // data-ready: the selected node's devices and their live values are drawn (stays true while the 5 s refresh runs)
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="device-monitor" data-ready={devices.data !== undefined}>
      <SidePanel title={t('tree')} storageKey="deviceMonitor.sidePanel">
        {tree.isLoading ? (
          <Skeleton active />
        ) : (
          <ModelTree
            treeData={tree.data ?? []}
            defaultExpandedKeys={(tree.data ?? []).map((n) => n.key)}
            selectedKey={`${node.modelLabel}_${node.id}`}
            onSelect={(n: ModelTreeNode) => setPicked(n.data as TreeNodeRef)}
          />
        )}
      </SidePanel>
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="monitor-summary">
            {t('summary', { total: list.length, online })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('refreshEvery')}</Typography.Text>
          <ImportReadingsButton projectId={projectId} onImported={() => void devices.refetch()} />
        </Flex>
        {devices.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        {devices.isLoading ? (
          <Skeleton active />
        ) : list.length === 0 ? (
          <EmptyState description={t('noDevices')} />
        ) : (
          <Row gutter={[token.margin, token.margin]}>
            {list.map((d) => (
              <Col key={d.id} xs={24} md={12} xl={8} xxl={6}>
                <DeviceCard device={d} />
              </Col>
            ))}
          </Row>
        )}
      </Flex>
    </Flex>
  );
}
