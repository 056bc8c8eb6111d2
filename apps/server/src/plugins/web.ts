import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** CSP that lets a Vite + antd (CSS-in-JS) + ECharts app run, and nothing else. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  // The app is served over plain HTTP on a LAN too; TLS is the reverse proxy's job.
  upgradeInsecureRequests: null,
};

const HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with these options, worked out once: they are the same on every response
 * (no per-request nonce), and running helmet's middleware per request, as @fastify/helmet does,
 * rebuilt its parts each time (~30 µs of every API call).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => void (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/**
 * Security headers on every reply: the first onRequest hook, so a request the session check turns
 * away (401, 404) carries them too. Set on the raw response, as helmet's middleware sets them, so a
 * reply that ends in an error keeps them.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = Object.entries(securityHeaders(HELMET));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The built web app (index.html at /) when present. */
export async function registerWeb(app: FastifyInstance, webDir: string) {
  if (existsSync(join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDir, index: ['index.html'], wildcard: true, cacheControl: true, maxAge: 0 });
    // Vite's chunks carry their content hash in the name: cached for good, so a page opened again (or a
    // reload) runs from the cache instead of asking about each of its chunks again; index.html and the
    // rest stay revalidated (max-age 0). Set on send: the static plugin writes its own header last.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode === 200 && /^\/assets\/[^/?]+-[\w-]{8}\.(js|css)(\?|$)/.test(request.url)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return payload;
    });
  } else {
    app.log.warn({ webDir }, 'web app not built: GET / answers with a hint (run npm run build)');
    app.get('/', { config: { public: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send('EMS API server. The web app is not built: run "npm run build" (or npm start).\n'),
    );
  }
}
