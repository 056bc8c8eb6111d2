/** App-wide events with a single handler each (spec 8: a duplicate registration throws). */
export type AppEvent = 'logout';

const handlers = new Map<AppEvent, () => void>();

export function onAppEvent(event: AppEvent, handler: () => void): () => void {
  if (handlers.has(event)) throw new Error(`event "${event}" already has a handler`);
  handlers.set(event, handler);
  return () => {
    if (handlers.get(event) === handler) handlers.delete(event);
  };
}

export function emitAppEvent(event: AppEvent): void {
  handlers.get(event)?.();
}
