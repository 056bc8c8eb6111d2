import { GraphChart } from 'echarts/charts';
import { echarts } from '../../widgets';

// The graph chart is only needed by the supply diagram: registered when its page loads, not in the shared set.
echarts.use([GraphChart]);
