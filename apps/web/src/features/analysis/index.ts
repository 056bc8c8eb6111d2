import { createElement, type ComponentType } from 'react';
import { AnalysisPage } from './analysis-page';
import { ANALYSIS_PAGES, ANALYSIS_ROUTE_KEYS, type AnalysisRouteKey } from './definitions';

function pageOf(key: AnalysisRouteKey): ComponentType {
  const Page = () => createElement(AnalysisPage, { definition: ANALYSIS_PAGES[key] });
  Page.displayName = `AnalysisPage(${key})`;
  return Page;
}

/** One page component per analysis route, each the generic page with its definition. */
export const ANALYSIS_ROUTE_PAGES: Record<AnalysisRouteKey, ComponentType> = Object.fromEntries(ANALYSIS_ROUTE_KEYS.map((key) => [key, pageOf(key)])) as Record<
  AnalysisRouteKey,
  ComponentType
>;
