import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventRecord } from '@ems/contract';
import { CLASS_COLOURS, severityOf } from '../event-format';

/** Event class as a coloured tag. */
export function ClassTag({ value }: { value: number }) {
  const { t } = useTranslation('events');
  return (
    <Tag color={CLASS_COLOURS[value]} data-testid="event-class" data-value={value}>
      {t(`eventClass.${value}`, { defaultValue: String(value) })}
    </Tag>
  );
}

/**
 * An event's one severity as a tag: its level in the colour of the class with the same code, or its class
 * when it has no level (a switch change, an inspection order).
 */
export function LevelTag({ event }: { event: Pick<EventRecord, 'level' | 'eventClass'> }) {
  const { t } = useTranslation('events');
  const s = severityOf(event);
  if (s.kind === 'class') return <ClassTag value={s.value} />;
  return (
    <Tag color={CLASS_COLOURS[s.value]} data-testid="event-level" data-value={s.value}>
      {t(`level.${s.value}`, { defaultValue: String(s.value) })}
    </Tag>
  );
}

/** Active (processing) or finished (default). */
export function StatusTag({ value }: { value: number }) {
  const { t } = useTranslation('events');
  return <Tag color={value === 0 ? 'processing' : 'default'}>{t(`status.${value}`, { defaultValue: String(value) })}</Tag>;
}

/** Unconfirmed (warning) or confirmed (success). */
export function ConfirmTag({ value }: { value: number }) {
  const { t } = useTranslation('events');
  return (
    <Tag color={value === 3 ? 'success' : 'warning'} data-testid="event-confirm-state" data-value={value}>
      {t(`confirmState.${value}`, { defaultValue: String(value) })}
    </Tag>
  );
}
