import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  Envelope,
  HierarchyBody,
  MODEL_API,
  ModelDeleteBody,
  ModelLabelParam,
  ModelMetaLabelParam,
  ModelNodeRef,
  ModelNodeSchema,
  ModelQueryBody,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { projectScope } from '../../lib/request-scope.js';
import { modelInfo, modelInfos, modelNodes } from './meta-service.js';
import { queryModel } from './query-service.js';
import { deleteNodes, writeHierarchy } from './write-service.js';

const AnyObject = Type.Object({}, { additionalProperties: true });

export const modelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(MODEL_API.query, { schema: { body: ModelQueryBody, response: { 200: Envelope(Type.Array(ModelNodeSchema)) } } }, async (request) => {
    const { data, total } = await queryModel(app.ems, sessionOf(request), projectScope(request), request.body);
    return ok(request.lang, data, total);
  });

  app.post(MODEL_API.writeHierarchy, { schema: { body: HierarchyBody, response: { 200: Envelope(Type.Array(AnyObject)) } } }, async (request) => {
    const data = await writeHierarchy(app.ems, sessionOf(request), projectScope(request), request.body);
    return ok(request.lang, data);
  });

  app.delete(
    `${MODEL_API.remove}/:modelLabel`,
    { config: { permission: 'device_delete' }, schema: { params: ModelLabelParam, body: ModelDeleteBody, response: { 200: Envelope(Type.Array(Type.Integer())) } } },
    async (request) => {
      const ids = await deleteNodes(app.ems, projectScope(request), request.params.modelLabel, request.body);
      return ok(request.lang, ids, ids.length);
    },
  );

  for (const url of [MODEL_API.models, MODEL_API.models.replace(/\/$/, '')]) {
    app.get(url, { schema: { response: { 200: Envelope(Type.Array(AnyObject)) } } }, async (request) => {
      const list = modelInfos(request.lang);
      return ok(request.lang, list, list.length);
    });
  }

  app.get(`${MODEL_API.modelByLabel}/:label`, { schema: { params: ModelMetaLabelParam, response: { 200: Envelope(AnyObject) } } }, async (request) =>
    ok(request.lang, modelInfo(request.lang, request.params.label)),
  );

  app.get(MODEL_API.modelNodes, { schema: { response: { 200: Envelope(Type.Array(ModelNodeRef)) } } }, async (request) => {
    const list = await modelNodes(app.ems, sessionOf(request));
    return ok(request.lang, list, list.length);
  });
};
