import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { ProjectSummary } from '@ems/contract';
import en from '../locales/en-US';
import zh from '../locales/zh-CN';
import { ProjectInfoCards } from './project-info';

function renderIn(ui: ReactElement, lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { 'zh-CN': { home: zh }, 'en-US': { home: en } },
    ns: ['home'],
    defaultNS: 'home',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

const SUMMARY = {
  project: { projectId: 1, name: '华东示范工厂', enName: 'East China Demo Factory', code: 'HD-01', address: '', enAddress: '', capacityKva: 4000, areaM2: 42000, timezone: 'Asia/Shanghai', industry: 'industrial', latitude: null, longitude: null, createTime: 0 },
  nodeCounts: ['aircompressor', 'boiler', 'cabinet', 'chiller', 'gasdetector', 'meter'].map((modelLabel, i) => ({ modelLabel, count: i + 1 })),
  userCount: 3,
} as unknown as ProjectSummary;

describe('首页 节点统计 (issue 11 defect 8)', () => {
  it.each([
    ['zh-CN', ['空压机', '锅炉', '配电柜/馈线', '冷水机组', '气体探测器', '计量表']],
    ['en-US', ['Air compressor', 'Boiler', 'Cabinet / feeder', 'Chiller', 'Gas detector', 'Meter']],
  ] as const)('names every model label from the catalogue in %s, never the raw label', (lng, names) => {
    renderIn(<ProjectInfoCards summary={SUMMARY} />, lng);
    const titles = SUMMARY.nodeCounts.map((n) => screen.getByTestId(`node-count-${n.modelLabel}`).querySelector('.ant-statistic-title')?.textContent);
    expect(titles).toEqual(names);
  });
});
