import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MESSAGE_API } from '@ems/contract';
import { englishTexts, fakeFetch, json, recordMessages } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { resetNotifications, useNotifications } from './notification-store';
import { setSpeaker } from './speaker';
import { useNotificationChannel } from './use-notification-channel';

/** A fake WebSocket (jsdom's would try to connect). */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send() {}
  close(code?: number) {
    this.closedWith = code;
  }
}

function Channel() {
  useNotificationChannel();
  return null;
}

const note = (id: number) => ({ id, time: id, logType: 705, content: `{"message":"demand ${id}"}`, description: '{"eventClass":2}', projectId: 1 });
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const ok = (data: unknown) => json({ code: 0, msg: '', data });

beforeAll(englishTexts);
beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  resetNotifications();
  useSession.setState({ token: 'tok', userId: 7, projectId: 1 });
  setSpeaker({ speak: () => undefined });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSpeaker(null);
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('notifications start after login (spec 4, 7)', () => {
  it('loads unread messages, then opens the socket after them with a fresh ticket, then registers the tags', async () => {
    const fetch = fakeFetch(
      ok([note(3), note(2)]),
      ok({ ticket: 'abc', expiresInMs: 10_000 }),
      ok([{ modelLabel: 'project', id: 1 }]),
      ok({ tags: ['project_1', '7'], sockets: 1 }),
    );
    const view = render(<Channel />);
    await flush();
    expect(fetch.mock.calls[0]?.[0]).toBe(MESSAGE_API.log);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ noticeMode: 4, unreadOnly: true });
    expect(useNotifications.getState().lists[2].map((m) => m.id)).toEqual([3, 2]);
    expect(fetch.mock.calls[1]?.[0]).toBe(MESSAGE_API.ticket);
    const ws = FakeSocket.instances[0]!;
    expect(ws.url).toBe(`ws://${window.location.host}${MESSAGE_API.socket}/7?ticket=abc&after=3`);
    ws.readyState = 1;
    ws.onopen?.();
    await flush();
    expect(fetch.mock.calls[2]?.[0]).toBe(MESSAGE_API.modelNodes);
    expect(fetch.mock.calls[3]?.[0]).toBe(MESSAGE_API.register);
    expect(JSON.parse(String(fetch.mock.calls[3]?.[1]?.body))).toEqual({ userId: 7, tags: ['project_1', '7'] });
    view.unmount();
    expect(ws.closedWith).toBe(1000);
  });
  it("without browser WebSocket support the spec's error shows", async () => {
    vi.stubGlobal('WebSocket', undefined);
    const shown = recordMessages();
    fakeFetch(ok([]));
    render(<Channel />);
    await flush();
    expect(shown.map((m) => [m.level, m.text])).toEqual([['error', 'browser does not support websocket, cannot receive notification messages']]);
  });
});
