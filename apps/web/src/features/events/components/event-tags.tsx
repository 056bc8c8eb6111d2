import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLASS_COLOURS } from '../event-format';

/** Event class as a coloured tag. */
export function ClassTag({ value }: { value: number }) {
  const { t } = useTranslation('events');
  return (
    <Tag color={CLASS_COLOURS[value]} data-testid="event-class" data-value={value}>
      {t(`eventClass.${value}`, { defaultValue: String(value) })}
    </Tag>
  );
}

/** Event level as a tag in the colour of the class with the same code; '--' without a level. */
export function LevelTag({ value }: { value: number | null }) {
  const { t } = useTranslation('events');
  if (value === null) return <>--</>;
  return <Tag color={CLASS_COLOURS[value]}>{t(`level.${value}`, { defaultValue: String(value) })}</Tag>;
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
