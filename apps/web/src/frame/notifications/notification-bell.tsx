import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Popover, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADER_CLASS_ORDER, badgeText, totalCount, type EventClass } from '@ems/domain';
import { CLASS_COLOUR } from './class-colours';
import { ensureNotificationLocales, NS } from './locales';
import { NotificationList } from './notification-list';
import { useNotifications } from './notification-store';
import { useOpenTarget } from './use-open-target';

/** The message centre (table, date-range picker) loads when first opened, not with the initial route. */
const MessageCentreDialog = lazy(() => import('./message-centre-dialog').then((m) => ({ default: m.MessageCentreDialog })));

/**
 * The header's bell: a badge with the unread count ('99+' above 99) and a popover with one tab per
 * event class in the class colours, leading to the message centre.
 */
export function NotificationBell() {
  ensureNotificationLocales();
  const { t } = useTranslation(NS);
  const lists = useNotifications((s) => s.lists);
  const [open, setOpen] = useState(false);
  const [centreOpen, setCentreOpen] = useState(false);
  // mounted from its first opening on, so it keeps its state and closing motion afterwards
  const [centreLoaded, setCentreLoaded] = useState(false);
  if (centreOpen && !centreLoaded) setCentreLoaded(true);
  // the tab chosen by the user, else the first class holding messages
  const [chosen, setChosen] = useState<EventClass | null>(null);
  const active = chosen ?? HEADER_CLASS_ORDER.find((cls) => lists[cls].length > 0) ?? HEADER_CLASS_ORDER[0];
  const openTarget = useOpenTarget();
  const total = totalCount(lists);
  const onOpen = (logType: number, eventId: number | null) => {
    if (openTarget(logType, eventId)) setOpen(false);
  };
  const content = (
    <div data-testid="notification-popover" style={{ width: 500 }}>
      <Tabs
        size="small"
        activeKey={String(active)}
        onChange={(key) => setChosen(Number(key) as EventClass)}
        items={HEADER_CLASS_ORDER.map((cls) => ({
          key: String(cls),
          label: (
            <span data-testid={`notification-tab-${cls}`}>
              <Badge color={CLASS_COLOUR[cls]} text={t(`classes.${cls}`)} />
              <Badge count={badgeText(lists[cls].length)} color={CLASS_COLOUR[cls]} size="small" style={{ marginInlineStart: 4 }} />
            </span>
          ),
          children: <NotificationList cls={cls} onOpen={onOpen} />,
        }))}
      />
      <Flex justify="flex-end">
        <Button
          type="link"
          data-testid="message-centre-button"
          onClick={() => {
            setOpen(false);
            setCentreOpen(true);
          }}
        >
          {t('messageCentre')}
        </Button>
      </Flex>
    </div>
  );
  return (
    <>
      <Popover trigger="click" open={open} onOpenChange={setOpen} content={content} placement="bottomRight" title={t('bell')}>
        <Button type="text" data-testid="notification-bell" aria-label={t('bell')} data-count={total}>
          <Badge count={badgeText(total)} size="small" data-testid="notification-badge">
            <BellOutlined />
          </Badge>
        </Button>
      </Popover>
      {centreLoaded && (
        <Suspense fallback={null}>
          <MessageCentreDialog open={centreOpen} onClose={() => setCentreOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
