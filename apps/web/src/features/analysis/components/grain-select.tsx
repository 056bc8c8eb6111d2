import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_GRAIN_MAX_DAYS } from '@ems/contract';
import type { DateRange } from '@ems/domain';
import { GRAIN_CHOICES, grainAllowed, type GrainChoice } from '../analysis-view';

/**
 * The buckets of the bars beside the date-range selector (issue 16): automatic (by the range), or
 * hours, days or months asked for; a grain too fine for the range (hours over 31 days, days over 366)
 * is disabled with the limit as its title.
 */
export function GrainSelect({ value, range, timeZone, onChange }: { value: GrainChoice; range: DateRange; timeZone: string; onChange: (next: GrainChoice) => void }) {
  const { t } = useTranslation('analysis');
  return (
    <Segmented<GrainChoice>
      data-testid="analysis-grain"
      aria-label={t('grain.label')}
      value={value}
      onChange={onChange}
      options={GRAIN_CHOICES.map((choice) => {
        const allowed = grainAllowed(choice, range, timeZone);
        const limit = choice === 'hour' || choice === 'day' ? ANALYSIS_GRAIN_MAX_DAYS[choice] : null;
        return { value: choice, label: t(`grain.${choice}`), disabled: !allowed, title: !allowed && limit !== null ? t('grain.tooLong', { days: limit }) : undefined };
      })}
    />
  );
}
