import type { ComponentType } from 'react';
import { Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsumptionAnalysis } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import type { AnalysisExtraPanel } from '../definitions';

/** Consumption per m² of the node (its areaM2, or the project's area) and of the children that have an area; per unit of output where the node counts its production. */
function IntensityPanel({ data }: { data: ConsumptionAnalysis }) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const unit = `${displayUnit(data.unit)}/m²`;
  const withArea = data.children.filter((c) => c.areaM2 !== null);
  return (
    <Card size="small" title={t('intensity.title')} data-testid="analysis-intensity" style={{ height: '100%' }}>
      {data.kpi.areaM2 === null ? (
        <Typography.Text type="secondary">{t('intensity.noArea')}</Typography.Text>
      ) : (
        <Flex vertical gap={token.marginXS}>
          <span>
            <span style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong }} data-testid="intensity-value">
              {formatThousands(data.kpi.intensityPerM2, 4)}
            </span>
            <Typography.Text type="secondary">{` ${unit}`}</Typography.Text>
          </span>
          <Typography.Text type="secondary">{`${t('intensity.area')}: ${formatThousands(data.kpi.areaM2, 2)} m²`}</Typography.Text>
        </Flex>
      )}
      {data.kpi.outputUnit && (
        <Flex vertical gap={token.marginXXS} style={{ marginTop: token.marginSM }} data-testid="analysis-output-intensity">
          <Typography.Text strong>{t('intensity.perOutput')}</Typography.Text>
          <span>
            <span style={{ fontSize: token.fontSizeHeading4, fontWeight: token.fontWeightStrong }} data-testid="output-intensity-value">
              {formatThousands(data.kpi.intensityPerOutput ?? null, 4)}
            </span>
            <Typography.Text type="secondary">{` ${displayUnit(data.unit)}/${data.kpi.outputUnit}`}</Typography.Text>
          </span>
          <Typography.Text type="secondary">{`${t('intensity.output')}: ${formatThousands(data.kpi.output ?? null, 0)} ${data.kpi.outputUnit}`}</Typography.Text>
        </Flex>
      )}
      {withArea.length > 0 && (
        <Flex vertical gap={token.marginXXS} style={{ marginTop: token.marginSM }}>
          {withArea.map((c) => (
            <Flex key={`${c.modelLabel}_${c.nodeId}`} justify="space-between" gap={token.marginSM}>
              <Typography.Text ellipsis>{c.name}</Typography.Text>
              <Typography.Text>{`${formatThousands(c.intensityPerM2, 4)} ${unit}`}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** The optional panels a definition may name. */
export const EXTRA_PANELS: Record<AnalysisExtraPanel, ComponentType<{ data: ConsumptionAnalysis }>> = {
  intensity: IntensityPanel,
};
