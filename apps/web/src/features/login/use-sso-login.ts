import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginReply } from '@ems/contract';
import { useSession } from '../../lib/session';
import { peekSsoReturn, ssoEnabled, takeSsoReturn } from '../../lib/sso';
import { completeSsoLogin, fetchAuthorizeUrl } from './api/sso-login';

/** What the login page shows (spec section 2: with single sign-on on and no retained login, /login goes to the provider). */
export type SsoView =
  | { phase: 'checking' }
  | { phase: 'password'; sso: boolean }
  | { phase: 'redirecting' }
  | { phase: 'completing' }
  | { phase: 'notice'; message: string; error: boolean };

export interface SsoTexts {
  failed: string;
  signedOut: string;
  providerError: (error: string) => string;
}

const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * The login page's single-sign-on controller. Back from the provider with a code: the code is
 * exchanged and the session starts. Otherwise, with single sign-on on: a retained login goes home,
 * the provider's error or its logout are shown with a button to sign in again, and anything else
 * goes to the provider at once. `local` (#/login?local=1) keeps the password form.
 */
export function useSsoLogin(
  local: boolean,
  texts: SsoTexts,
  onSignedIn: (reply: LoginReply) => Promise<void>,
  onRetained: () => void,
  leaveFor: (url: string) => void = (url) => window.location.assign(url),
) {
  const [view, setView] = useState<SsoView>(() => (peekSsoReturn()?.kind === 'callback' ? { phase: 'completing' } : { phase: 'checking' }));
  const started = useRef(false);
  const latest = useRef({ texts, onSignedIn, onRetained, local, leaveFor });
  useEffect(() => {
    latest.current = { texts, onSignedIn, onRetained, local, leaveFor };
  });

  const redirect = useCallback(async () => {
    setView({ phase: 'redirecting' });
    const go = latest.current.leaveFor;
    try {
      go(await fetchAuthorizeUrl());
    } catch (err) {
      setView({ phase: 'notice', message: messageOf(err, latest.current.texts.failed), error: true });
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const found = takeSsoReturn();
    const { texts: tx, onSignedIn: signedIn, onRetained: retained, local: keepForm } = latest.current;
    void (async () => {
      if (found?.kind === 'callback') {
        try {
          await signedIn(await completeSsoLogin(found.query));
        } catch (err) {
          setView({ phase: 'notice', message: messageOf(err, tx.failed), error: true });
        }
        return;
      }
      const on = await ssoEnabled();
      if (!on || keepForm) setView({ phase: 'password', sso: on });
      else if (found?.kind === 'error') setView({ phase: 'notice', message: tx.providerError(found.error), error: true });
      else if (found?.kind === 'signedOut') setView({ phase: 'notice', message: tx.signedOut, error: false });
      else if (useSession.getState().token) retained();
      else await redirect();
    })();
  }, [redirect]);

  const usePassword = useCallback(() => setView({ phase: 'password', sso: true }), []);
  return { view, redirect, usePassword };
}
