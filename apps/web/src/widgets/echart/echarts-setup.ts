/**
 * The one place that registers the ECharts parts the app uses (modular build, about half the size
 * of the full bundle). Every chart renders through `echarts` exported from here.
 */
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, HeatmapChart, LineChart, PieChart, SankeyChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { echartsThemes } from '../../lib/theme';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GaugeChart,
  SankeyChart,
  ScatterChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkPointComponent,
  MarkAreaComponent,
  VisualMapComponent,
  TitleComponent,
  ToolboxComponent,
  DatasetComponent,
  CanvasRenderer,
  SVGRenderer,
]);

// 'ems-light' and 'ems-dark', before any chart renders (ECharts loads with the first chart, not at start-up)
for (const { name, theme } of echartsThemes()) echarts.registerTheme(name, theme);

export { echarts };
