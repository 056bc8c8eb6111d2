import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, EnergyTypeInfo, Envelope, Enumeration, PermissionItem, RootLabelParam } from '@ems/contract';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { userRepository } from '../user/repository.js';
import { energyTypes, enumeration, enumerations, permissionCatalogue } from './service.js';

/** Catalogues: the same for every caller and free of tenant data, so reachable before login. */
export const commonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pub = { public: true };
  const listSchema = { response: { 200: Envelope(Type.Array(Enumeration)) } };

  app.get(API.permissions, { config: pub, schema: { response: { 200: Envelope(Type.Array(PermissionItem)) } } }, async (request) => {
    const list = permissionCatalogue(request.lang);
    return ok(request.lang, list, list.length);
  });

  app.get(API.enumerations, { config: pub, schema: listSchema }, async (request) => ok(request.lang, enumerations(request.lang)));
  app.get(API.commonEnumerations, { config: pub, schema: listSchema }, async (request) => ok(request.lang, enumerations(request.lang)));

  app.get(`${API.commonEnumerations}/:rootLabel`, { config: pub, schema: { params: RootLabelParam, ...listSchema } }, async (request) => {
    const one = enumeration(request.lang, request.params.rootLabel);
    if (!one) throw notFound();
    return ok(request.lang, [one]);
  });

  app.get(API.energyTypes, { config: pub, schema: { response: { 200: Envelope(Type.Array(EnergyTypeInfo)) } } }, async (request) =>
    ok(request.lang, energyTypes(request.lang)),
  );

  /** true while ROOT exists and the system configuration does not ask for strict authorisation. */
  app.get(API.cloudRootExists, { config: pub, schema: { response: { 200: Envelope(Type.Boolean()) } } }, async (request) => {
    const exists = await userRepository(app.ems.db).rootExists();
    return ok(request.lang, exists && !app.ems.systemConfig().authStringent);
  });
};
