import { createElement, type ComponentType } from 'react';
import { EVENT_PAGES, EVENT_ROUTE_KEYS, type EventRouteKey } from './definitions';
import { EventPage } from './event-page';

function pageOf(key: EventRouteKey): ComponentType {
  const Page = () => createElement(EventPage, { definition: EVENT_PAGES[key] });
  Page.displayName = `EventPage(${key})`;
  return Page;
}

/** One page component per event route, each the generic page with its definition. */
export const EVENT_ROUTE_PAGES: Record<EventRouteKey, ComponentType> = Object.fromEntries(EVENT_ROUTE_KEYS.map((key) => [key, pageOf(key)])) as Record<
  EventRouteKey,
  ComponentType
>;
