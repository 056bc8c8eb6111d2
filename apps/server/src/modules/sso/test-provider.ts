// A real OpenID provider (oidc-provider) for the single-sign-on tests, on a random loopback port.
// Its sign-in and consent pages are our own plain forms: the library's development pages load a web
// font from an outside host, which a browser test must not reach. Run directly
// (`node --import tsx test-provider.ts`) it prints its issuer as one JSON line and serves until
// killed (the browser test starts it so).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  /** the provider's subject */
  sub: string;
  password: string;
  preferred_username: string;
  name: string;
  email: string;
}

export interface TestProviderOptions {
  clientId: string;
  clientSecret: string;
  /** the app's address: the redirect and the post-logout redirect URI */
  redirectUri: string;
  accounts: TestAccount[];
  /** default: a random free port */
  port?: number;
}

export interface TestProvider {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

/** GET /interaction/{uid}: the sign-in or consent form; POST .../login and .../confirm finish it. */
async function interaction(provider: Provider, accounts: TestAccount[], req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  const action = (req.url ?? '').split('?')[0]?.split('/')[3];
  if (req.method === 'GET') {
    if (details.prompt.name === 'login') {
      return send(
        res,
        200,
        page(
          'Sign-in',
          `<form method="post" action="/interaction/${details.uid}/login" autocomplete="off">` +
            `<label>Login <input name="login" data-testid="op-login"></label>` +
            `<label>Password <input type="password" name="password" data-testid="op-password"></label>` +
            `<button type="submit" data-testid="op-submit">Sign-in</button></form>`,
        ),
      );
    }
    return send(
      res,
      200,
      page(
        'Authorize',
        `<p>${escapeHtml(String(details.params.client_id))} asks for ${escapeHtml(String(details.params.scope))}</p>` +
          `<form method="post" action="/interaction/${details.uid}/confirm"><button type="submit" data-testid="op-consent">Continue</button></form>`,
      ),
    );
  }
  if (action === 'login') {
    const form = await formOf(req);
    const account = accounts.find((a) => a.preferred_username === form.get('login') && a.password === form.get('password'));
    if (!account) return send(res, 200, page('Sign-in', '<p data-testid="op-error">Invalid login or password.</p>'));
    return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  }
  if (action === 'confirm') {
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id);
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }
  send(res, 404, page('Not found', ''));
}

/** Starts the provider; close() stops it. */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((ok) => server.listen(options.port ?? 0, '127.0.0.1', ok));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  const issuer = `http://127.0.0.1:${address.port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' };
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const account = options.accounts.find((a) => a.sub === sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, name: account.name, preferred_username: account.preferred_username, email: account.email, email_verified: true }) };
    },
    interactions: { url: (_ctx, i) => `/interaction/${i.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page('Sign out', `${form}<button type="submit" form="op.logoutForm" value="yes" name="logout" data-testid="op-logout">Yes, sign me out</button>`);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.body = page('Signed out', '<p>You are signed out.</p>');
        },
      },
    },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? '').startsWith('/interaction/')) {
      interaction(provider, options.accounts, req, res).catch((err: unknown) => send(res, 500, page('Error', escapeHtml(String(err)))));
      return;
    }
    void callback(req, res);
  });
  return {
    issuer,
    provider,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** Test accounts every single-sign-on test knows. */
export const TEST_ACCOUNTS: TestAccount[] = [
  { sub: 'sub-ops-1', password: 'op-pass-1', preferred_username: 'sso_wang', name: 'Wang Fang', email: 'wang.fang@example.com' },
  { sub: 'sub-ops-2', password: 'op-pass-2', preferred_username: 'sso_li', name: 'Li Lei', email: 'li.lei@example.com' },
];

// Started as a program: options from the environment, the issuer printed, served until killed.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const started = await startTestProvider({
    clientId: env.OP_CLIENT_ID ?? 'ems',
    clientSecret: env.OP_CLIENT_SECRET ?? 'ems-secret',
    redirectUri: env.OP_REDIRECT_URI ?? 'http://127.0.0.1:8080/',
    accounts: TEST_ACCOUNTS,
  });
  console.log(JSON.stringify({ issuer: started.issuer }));
}
