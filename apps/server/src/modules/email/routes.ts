import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  EMAIL_API,
  EmailCheckResult,
  EmailLogQuery,
  EmailProjectQuery,
  EmailSendRecord,
  EmailServer,
  EmailServerInput,
  EmailTestInput,
  Envelope,
  MailScheme,
  MailSchemeIdParam,
  MailSchemeInput,
  MailSchemeOptions,
  MailSendNowInput,
  MailSendNowResult,
} from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { projectScope } from '../../lib/request-scope.js';
import { actorOf, recordAudit } from '../audit/service.js';
import {
  createScheme,
  listSchemes,
  readServer,
  removeScheme,
  saveServer,
  schemeDetail,
  schemeOptions,
  sendLog,
  sendSchemeNow,
  testSend,
  updateScheme,
  validateServer,
} from './service.js';
import { reportModuleSource } from './report-source.js';
import { createEmailWorker, type EmailWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's mail sender (issue 15): scheduled runs, event mails, retries */
    email: EmailWorker;
  }
}

/** Reading the server settings: the page, or the operation browse. */
const SERVER_READ = { permission: 'page_emailserverset emailplatform_browse' };
const SERVER_WRITE = { permission: 'emailplatform_update' };
const SCHEME_READ = { permission: 'page_emailreceiveset mailscheme_browse' };

const serverTarget = (projectId: number) => ({ kind: 'config' as const, targetType: 'emailServer', targetId: projectId, targetName: `project ${projectId}` });
const schemeTarget = (s: { id: number; name: string }) => ({ kind: 'config' as const, targetType: 'mailScheme', targetId: s.id, targetName: s.name });

/** E-mail settings, distribution schemes and the send log (issue 15; spec section 3 "E-mail program, config and schemeLibrary calls"). */
export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(EMAIL_API.server, { config: SERVER_READ, schema: { querystring: EmailProjectQuery, response: { 200: Envelope(EmailServer) } } }, async (request) =>
    ok(request.lang, await readServer(app.ems, projectScope(request), request.query.projectId)),
  );
  app.put(EMAIL_API.saveServer, { config: SERVER_WRITE, schema: { body: EmailServerInput, response: { 200: Envelope(EmailServer) } } }, async (request) => {
    const scope = projectScope(request);
    const before = await readServer(app.ems, scope, request.body.projectId);
    const after = await saveServer(app.ems, request.lang, scope, request.body);
    // the password never goes to the log: passwordSet says whether one is stored
    await recordAudit(app.ems, actorOf(request), { action: 'update', ...serverTarget(after.projectId), before, after, detail: request.body.password === undefined ? '' : 'password changed' });
    return ok(request.lang, after);
  });
  app.post(EMAIL_API.validate, { config: SERVER_WRITE, schema: { body: EmailServerInput, response: { 200: Envelope(EmailCheckResult) } } }, async (request) =>
    ok(request.lang, await validateServer(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(EMAIL_API.testSend, { config: SERVER_WRITE, schema: { body: EmailTestInput, response: { 200: Envelope(EmailCheckResult) } } }, async (request) =>
    ok(request.lang, await testSend(app.ems, request.lang, projectScope(request), request.body)),
  );

  app.get(EMAIL_API.schemes, { config: SCHEME_READ, schema: { querystring: EmailProjectQuery, response: { 200: Envelope(Type.Array(MailScheme)) } } }, async (request) => {
    const list = await listSchemes(app.ems, projectScope(request), request.query.projectId);
    return ok(request.lang, list, list.length);
  });
  app.get(EMAIL_API.options, { config: SCHEME_READ, schema: { querystring: EmailProjectQuery, response: { 200: Envelope(MailSchemeOptions) } } }, async (request) =>
    ok(request.lang, await schemeOptions(app.ems, request.lang, app.email.reports, projectScope(request), request.query.projectId)),
  );
  app.post(EMAIL_API.create, { config: { permission: 'mailscheme_create' }, schema: { body: MailSchemeInput, response: { 200: Envelope(MailScheme) } } }, async (request) => {
    const after = await createScheme(app.ems, request.lang, app.email.reports, projectScope(request), request.body);
    await recordAudit(app.ems, actorOf(request), { action: 'create', ...schemeTarget(after), after });
    return ok(request.lang, after);
  });
  app.put(
    EMAIL_API.update,
    { config: { permission: 'mailscheme_update' }, schema: { params: MailSchemeIdParam, body: MailSchemeInput, response: { 200: Envelope(MailScheme) } } },
    async (request) => {
      const scope = projectScope(request);
      const before = await schemeDetail(app.ems, scope, request.params.id);
      const after = await updateScheme(app.ems, request.lang, app.email.reports, scope, request.params.id, request.body);
      await recordAudit(app.ems, actorOf(request), { action: 'update', ...schemeTarget(after), before, after });
      return ok(request.lang, after);
    },
  );
  app.delete(EMAIL_API.remove, { config: { permission: 'mailscheme_delete' }, schema: { params: MailSchemeIdParam, response: { 200: Envelope(Type.Integer()) } } }, async (request) => {
    const scope = projectScope(request);
    const before = await schemeDetail(app.ems, scope, request.params.id);
    const id = await removeScheme(app.ems, scope, request.params.id);
    await recordAudit(app.ems, actorOf(request), { action: 'delete', ...schemeTarget(before), before });
    return ok(request.lang, id);
  });
  // a manual send of the scheme's reports: the permission to change the scheme
  app.post(
    EMAIL_API.sendNow,
    { config: { permission: 'mailscheme_update' }, schema: { params: MailSchemeIdParam, body: MailSendNowInput, response: { 200: Envelope(MailSendNowResult) } } },
    async (request) => {
      const scope = projectScope(request);
      const result = await sendSchemeNow(app.ems, request.lang, app.email.reports, scope, request.params.id, request.body.projectId);
      app.email.wake();
      const scheme = await schemeDetail(app.ems, scope, request.params.id);
      await recordAudit(app.ems, actorOf(request), { action: 'send', ...schemeTarget(scheme), after: result, detail: `sent now: ${result.count} report mails queued` });
      return ok(request.lang, result);
    },
  );
  app.post(EMAIL_API.sendLog, { config: SCHEME_READ, schema: { body: EmailLogQuery, response: { 200: Envelope(Type.Array(EmailSendRecord)) } } }, async (request) => {
    const { list, total } = await sendLog(app.ems, projectScope(request), request.body);
    return ok(request.lang, list, total);
  });
};

/**
 * This instance's mail sender: it listens to the notifier (event mails, queued off the event write
 * path) and its timer claims scheduled runs and sends; both start when the app is ready (after the
 * store is migrated) and stop when it closes.
 */
export function registerEmail(app: FastifyInstance): EmailWorker {
  const worker = createEmailWorker(app.ems, (msg) => app.log.warn(msg));
  worker.reports = reportModuleSource;
  app.decorate('email', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.close());
  return worker;
}
