import { describe, expect, it, vi } from 'vitest';
import { captureSsoReturn, parseSsoReturn, peekSsoReturn, takeSsoReturn } from './sso';

describe('the identity provider sending the browser back (spec section 2, single sign-on)', () => {
  it('reads a code with its state and issuer, a refusal, or the return from the provider’s logout', () => {
    expect(parseSsoReturn('?code=c1&state=s1&iss=https%3A%2F%2Fid.example.com')).toEqual({ kind: 'callback', query: { code: 'c1', state: 's1', iss: 'https://id.example.com' } });
    expect(parseSsoReturn('?code=c1&state=s1')).toEqual({ kind: 'callback', query: { code: 'c1', state: 's1' } });
    expect(parseSsoReturn('?error=access_denied&error_description=End-User+aborted&state=s1')).toEqual({ kind: 'error', error: 'End-User aborted' });
    expect(parseSsoReturn('?error=access_denied')).toEqual({ kind: 'error', error: 'access_denied' });
    expect(parseSsoReturn('?state=signed-out')).toEqual({ kind: 'signedOut' });
    expect(parseSsoReturn('')).toBeNull();
    expect(parseSsoReturn('?state=other')).toBeNull();
  });

  it('at start-up the answer leaves the address bar (the page shows #/login) and is handed over once', () => {
    const replaceState = vi.fn();
    captureSsoReturn({ search: '?code=c&state=s', pathname: '/ems/' } as Location, { replaceState } as unknown as History);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/ems/#/login');
    expect(peekSsoReturn()).toEqual({ kind: 'callback', query: { code: 'c', state: 's' } });
    expect(takeSsoReturn()).toEqual({ kind: 'callback', query: { code: 'c', state: 's' } });
    expect(takeSsoReturn()).toBeNull();
  });

  it('an ordinary start keeps its address', () => {
    const replaceState = vi.fn();
    captureSsoReturn({ search: '', pathname: '/' } as Location, { replaceState } as unknown as History);
    expect(replaceState).not.toHaveBeenCalled();
    expect(takeSsoReturn()).toBeNull();
  });
});
