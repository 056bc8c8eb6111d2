import type { Ems } from '../../context.js';
import { environmentRepository } from './repository.js';

interface DemoHazard {
  name: string;
  grade: number;
  /** code of the node it sits at */
  node: string;
  location: string;
  responsible: string;
  phone: string;
  /** codes of the linked sensors */
  sensors: string[];
  note: string;
}

/** The demo plants' hazard-source registers (index = demo project), linked to the demo's gas detectors. */
export const DEMO_HAZARDS: DemoHazard[][] = [
  [
    { name: '涂装线溶剂暂存间', grade: 4, node: 'P1-R-PRODB', location: '生产车间B东侧', responsible: '王芳', phone: '13912345678', sensors: ['P1-GD-PAINT1', 'P1-GD-PAINT2'], note: '油漆、稀释剂暂存，最大存量2吨' },
    { name: '锅炉房天然气调压撬', grade: 4, node: 'P1-R-BOILER', location: '锅炉房北侧', responsible: '李强', phone: '0512-66881234', sensors: ['P1-GD-BLR1', 'P1-GD-BLR2'], note: '中压天然气0.2MPa，调压至5kPa' },
    { name: '食堂燃气间', grade: 4, node: 'P1-R-OFFICE', location: '办公区一层食堂后厨', responsible: '赵敏', phone: '13712345678', sensors: ['P1-GD-CANTEEN'], note: '' },
  ],
  [{ name: '餐厅厨房燃气', grade: 4, node: 'P2-R-REST', location: 'A座一层餐厅后厨', responsible: '陈静', phone: '0571-86001234', sensors: ['P2-GD-KITCHEN'], note: '' }],
];

/** Seeds each demo project's register once (nothing when the project has any); entries naming missing nodes are skipped. */
export async function seedDemoHazards(ems: Ems, projectIds: readonly number[]): Promise<void> {
  const repo = environmentRepository(ems.db);
  for (const [i, projectId] of projectIds.entries()) {
    const list = DEMO_HAZARDS[i];
    if (!list || (await repo.hazards([projectId])).length > 0) continue;
    const nodes = await repo.nodes(projectId);
    const byCode = new Map(nodes.filter((n) => n.code).map((n) => [n.code, n]));
    for (const h of list) {
      const node = byCode.get(h.node);
      if (!node) continue;
      const sensors = h.sensors.flatMap((c) => {
        const s = byCode.get(c);
        return s ? [s.id] : [];
      });
      await repo.insertHazard({
        project_id: projectId,
        name: h.name,
        grade: h.grade,
        node_id: node.id,
        model_label: node.modelLabel,
        location: h.location,
        responsible: h.responsible,
        phone: h.phone,
        sensor_ids: JSON.stringify(sensors),
        note: h.note,
        update_time: ems.config.now(),
      });
    }
  }
}
