import { Button, Empty, Flex, List, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMuted, popoverItems, type EventClass } from '@ems/domain';
import { substitute } from '../../i18n';
import { formatTime, useZoneOfProject } from '../../lib/time';
import { DEFAULT_DATE_FORMAT } from '../../widgets/constants';
import { CLASS_COLOUR } from './class-colours';
import { NS } from './locales';
import { markAllRead, markRead, toggleMute, useNotifications } from './notification-store';
import { eventIdOfDescription } from './use-open-target';

/**
 * One class's tab in the popover: the newest 20 messages with 'read' each, the class's mute switch
 * and 'all read'. A click on a message's text opens its target page.
 */
export function NotificationList({ cls, onOpen }: { cls: EventClass; onOpen: (logType: number, eventId: number | null) => void }) {
  const { t } = useTranslation(NS);
  const list = useNotifications((s) => s.lists[cls]);
  const muted = useNotifications((s) => isMuted(s.muted, cls));
  const shown = popoverItems(list);
  const zoneOf = useZoneOfProject();
  return (
    <div data-testid={`notification-list-${cls}`}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Flex align="center" gap={8}>
          <Tooltip title={muted ? t('muted') : t('unmuted')}>
            <Switch size="small" checked={muted} onChange={() => toggleMute(cls)} data-testid="notification-mute" data-class={cls} aria-label={t('mute')} />
          </Tooltip>
          <Typography.Text type="secondary">{t('mute')}</Typography.Text>
        </Flex>
        <Button size="small" disabled={list.length === 0} onClick={() => markAllRead(cls)} data-testid="notification-all-read">
          {t('allRead')}
        </Button>
      </Flex>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <List
          size="small"
          style={{ maxHeight: 360, overflow: 'auto' }}
          dataSource={[...shown]}
          renderItem={(m) => (
            <List.Item
              data-testid="notification-item"
              data-id={m.id}
              data-class={cls}
              actions={[
                <Button key="read" type="link" size="small" onClick={() => markRead(m.id)} data-testid="notification-read">
                  {t('read')}
                </Button>,
              ]}
            >
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Link onClick={() => onOpen(m.logType, eventIdOfDescription(m.description))} data-testid="notification-open" ellipsis title={m.text}>
                  {m.text}
                </Typography.Link>
                <Flex gap={4} align="center">
                  <Tag color={CLASS_COLOUR[cls]} variant="filled" style={{ marginInlineEnd: 0 }}>
                    {t(`classes.${cls}`)}
                  </Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatTime(m.time, zoneOf(m.projectId), DEFAULT_DATE_FORMAT)}
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {list.length > shown.length && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="notification-more">
          {substitute(t('newest'), shown.length, list.length)}
        </Typography.Text>
      )}
    </div>
  );
}
