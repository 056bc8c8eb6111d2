import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginReply } from '@ems/contract';
import type { SsoReturn } from '../../lib/sso';
import { clearSession, setSessionToken } from '../../lib/session';
import { useSsoLogin } from './use-sso-login';

const sso = vi.hoisted(() => ({ enabled: true, pending: null as SsoReturn | null }));
vi.mock('../../lib/sso', () => ({
  ssoEnabled: () => Promise.resolve(sso.enabled),
  peekSsoReturn: () => sso.pending,
  takeSsoReturn: () => {
    const found = sso.pending;
    sso.pending = null;
    return found;
  },
}));
const api = vi.hoisted(() => ({ authorize: vi.fn(), complete: vi.fn() }));
vi.mock('./api/sso-login', () => ({ fetchAuthorizeUrl: api.authorize, completeSsoLogin: api.complete }));

const texts = { failed: 'failed', signedOut: 'You have signed out.', providerError: (e: string) => `provider: ${e}` };
const reply = { token: 't', expiresAt: 1, user: { id: 9, name: 'sso_wang', nicName: 'Wang Fang', tenantId: 1, customConfig: '{}' } } as LoginReply;

function mount(local = false) {
  const calls = { signedIn: vi.fn(async (_r: LoginReply) => undefined), retained: vi.fn(), leave: vi.fn() };
  const hook = renderHook(() => useSsoLogin(local, texts, calls.signedIn, calls.retained, calls.leave));
  return { ...hook, ...calls };
}

afterEach(() => {
  sso.enabled = true;
  sso.pending = null;
  api.authorize.mockReset();
  api.complete.mockReset();
  clearSession();
});

describe('the login page under single sign-on (spec section 2)', () => {
  it('off: the password form, without the single-sign-on button', async () => {
    sso.enabled = false;
    const { result } = mount();
    await waitFor(() => expect(result.current.view).toEqual({ phase: 'password', sso: false }));
  });

  it('on, with no retained login: straight to the provider', async () => {
    api.authorize.mockResolvedValue('https://id.example.com/auth?state=s');
    const { result, leave } = mount();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://id.example.com/auth?state=s'));
    expect(result.current.view).toEqual({ phase: 'redirecting' });
  });

  it('on, with a retained login: home, no trip to the provider', async () => {
    setSessionToken('kept', 3);
    const { retained, leave } = mount();
    await waitFor(() => expect(retained).toHaveBeenCalled());
    expect(leave).not.toHaveBeenCalled();
  });

  it('back with a code: the sign-in is completed and handed on', async () => {
    sso.pending = { kind: 'callback', query: { code: 'c', state: 's' } };
    api.complete.mockResolvedValue(reply);
    const { result, signedIn } = mount();
    expect(result.current.view).toEqual({ phase: 'completing' });
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(reply));
    expect(api.complete).toHaveBeenCalledWith({ code: 'c', state: 's' });
  });

  it('a refused sign-in, the provider’s error and its logout are shown, with a way back in', async () => {
    sso.pending = { kind: 'callback', query: { code: 'c', state: 's' } };
    api.complete.mockRejectedValue(new Error('this account or its tenant is disabled and cannot sign in'));
    const refused = mount();
    await waitFor(() => expect(refused.result.current.view).toEqual({ phase: 'notice', message: 'this account or its tenant is disabled and cannot sign in', error: true }));
    refused.unmount();

    sso.pending = { kind: 'error', error: 'access_denied' };
    const denied = mount();
    await waitFor(() => expect(denied.result.current.view).toEqual({ phase: 'notice', message: 'provider: access_denied', error: true }));
    denied.unmount();

    sso.pending = { kind: 'signedOut' };
    const out = mount();
    await waitFor(() => expect(out.result.current.view).toEqual({ phase: 'notice', message: 'You have signed out.', error: false }));
    expect(out.leave).not.toHaveBeenCalled();
    act(() => out.result.current.usePassword());
    expect(out.result.current.view).toEqual({ phase: 'password', sso: true });
    api.authorize.mockResolvedValue('https://id.example.com/auth');
    await act(() => out.result.current.redirect());
    expect(out.leave).toHaveBeenCalledWith('https://id.example.com/auth');
  });

  it('#/login?local=1 keeps the password form, with the single-sign-on button', async () => {
    const { result, leave } = mount(true);
    await waitFor(() => expect(result.current.view).toEqual({ phase: 'password', sso: true }));
    expect(leave).not.toHaveBeenCalled();
  });
});
