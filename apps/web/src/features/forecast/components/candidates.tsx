import { Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForecastCandidate, ForecastModel } from '@ems/contract';
import { formatPct } from '../forecast-view';

/** Each method's MAPE / CV(RMSE) at the same horizon or range, the one used tagged. */
export function Candidates({ candidates, used, daily = false }: { candidates: readonly ForecastCandidate[]; used: ForecastModel; daily?: boolean }) {
  const { t } = useTranslation('forecast');
  const { token } = theme.useToken();
  return (
    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid="forecast-candidates">
      {`${t(daily ? 'candidates.daily' : 'candidates.title')}: `}
      {candidates.map((c) => (
        <span key={c.method} style={{ marginRight: token.marginSM }}>
          {`${t(`methods.${c.method}`)} MAPE ${formatPct(c.metrics?.mapePct)}, CV(RMSE) ${formatPct(c.metrics?.cvRmsePct)}`}
          {c.method === used && (
            <Tag color="processing" style={{ marginLeft: token.marginXXS }}>
              {t('candidates.chosen')}
            </Tag>
          )}
        </span>
      ))}
    </Typography.Text>
  );
}
