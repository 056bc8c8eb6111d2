import { createContext, useContext, type ComponentType } from 'react';

/** A page of the frame, with its labels in the current language. */
export interface FrameRoute {
  key: string;
  path: string;
  module: 'pf' | 'fw';
  permission: string;
  label: string;
  groupKey: string;
  groupLabel: string;
  Page: ComponentType;
}

/** A menu group (rendered as a sub-menu with an icon) and its visible pages. */
export interface FrameMenuGroup {
  key: string;
  label: string;
  /** antd icon component name */
  icon: string;
  children: FrameRoute[];
}

/** What the app tells the frame: the menu of the current module, every page, the home page. */
export interface FrameModel {
  menu: FrameMenuGroup[];
  /** home page of the signed-in user in the current module; null when there is none */
  homePath: string | null;
  /** the page of a path in the current module (a path such as /home exists at both levels) */
  findRoute(path: string): FrameRoute | undefined;
  /** whether the role may open a path (of the current module unless another is given) */
  roleHas(path: string, module?: 'pf' | 'fw'): boolean;
}

export const FrameModelContext = createContext<FrameModel | null>(null);

export function useFrameModel(): FrameModel {
  const model = useContext(FrameModelContext);
  if (!model) throw new Error('useFrameModel outside FrameModelContext');
  return model;
}
