import { PERMISSIONS, type EnergyTypeInfo, type Enumeration, type PermissionItem } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';
import { ENERGY_TYPES, ENUMERATIONS } from './catalogue.js';

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh);

export function enumerations(lang: Lang): Enumeration[] {
  const list = Object.entries(ENUMERATIONS).map(([modelLabel, entries]) => ({
    modelLabel,
    enums: entries.map(([id, zh, en]) => ({ id, text: pick(lang, zh, en) })),
  }));
  list.push({ modelLabel: 'energytype', enums: ENERGY_TYPES.map(([id, zh, en]) => ({ id, text: pick(lang, zh, en) })) });
  return list;
}

/** One enumeration by its label (case-insensitive), or undefined. */
export function enumeration(lang: Lang, rootLabel: string): Enumeration | undefined {
  return enumerations(lang).find((e) => e.modelLabel === rootLabel.toLowerCase());
}

export function energyTypes(lang: Lang): EnergyTypeInfo[] {
  return ENERGY_TYPES.map(([energyType, zh, en, unit, symbol]) => ({ energyType, name: pick(lang, zh, en), unit, symbol }));
}

export function permissionCatalogue(lang: Lang): PermissionItem[] {
  return PERMISSIONS.map((p) => ({ id: p.id, name: p.name, kind: p.kind, description: pick(lang, p.zh, p.en) }));
}
