import { AlertOutlined, CloudOutlined, DashboardOutlined, FireOutlined, SoundOutlined } from '@ant-design/icons';
import type { SensorRow } from '@ems/contract';

/** The icon of a sensor by what it measures. */
export function SensorGlyph({ sensor }: { sensor: SensorRow }) {
  if (sensor.modelLabel === 'gasdetector') return sensor.kind === 'combustible' ? <FireOutlined /> : <AlertOutlined />;
  if (sensor.kind === 'noise') return <SoundOutlined />;
  if (sensor.kind === 'pm25') return <CloudOutlined />;
  return <DashboardOutlined />;
}
