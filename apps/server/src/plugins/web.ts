import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';

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

/** Security headers everywhere, and the built web app (index.html at /) when present. */
export async function registerWeb(app: FastifyInstance, webDir: string) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
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
