import { Type, type Static } from '@sinclair/typebox';

export const RootLabelParam = Type.Object({ rootLabel: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_]+$' }) });
export type RootLabelParam = Static<typeof RootLabelParam>;

/** One energy type with its unit (GET /eem-service/v1/common/energyTypes). */
export const EnergyTypeInfo = Type.Object({
  /** code, the same ids as the energytype enumeration (2 electricity, 3 water, ...) */
  energyType: Type.Integer(),
  /** in the request's language */
  name: Type.String(),
  unit: Type.String(),
  /** short tag, e.g. "elec", "water" */
  symbol: Type.String(),
});
export type EnergyTypeInfo = Static<typeof EnergyTypeInfo>;

export const HealthData = Type.Object({ db: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]) });
export type HealthData = Static<typeof HealthData>;

/** The browser's system configuration file, GET /static/config.json (operator-editable). */
export interface SystemConfig {
  internationalization: boolean;
  projectName: string;
  enProjectName: string;
  /** selects a sub-object merged over the top level; 'oil' changes user-tree loading */
  key: string;
  isPlatformModel: boolean;
  pfHomePage: string;
  authStringent: boolean;
  /** 'session' or 'local' */
  tokenStorage: string;
  powerUserId?: number;
  sellCompanyId?: number;
  /** POST URL of the trend data (spec section 7: the browser reads it from this file) */
  trendDataUrl?: string;
  [extra: string]: unknown;
}

export const DEFAULT_SYSTEM_CONFIG: SystemConfig = {
  internationalization: true,
  projectName: '智慧能源管理平台',
  enProjectName: 'Energy Management Platform',
  key: '',
  isPlatformModel: true,
  pfHomePage: '/home',
  authStringent: false,
  tokenStorage: 'session',
  trendDataUrl: '/eem-service/v1/trend/data',
};
