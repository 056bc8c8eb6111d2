import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, EQUIPMENT_STATUS_API, EquipmentScheme, EquipmentSchemeInput, EquipmentStatusOptions, SchemeIdParam, SchemesQuery, StateEnergy, StateEnergyQuery } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { actorOf } from '../audit/service.js';
import { auditedCreate, auditedRemove, auditedUpdate } from './audit.js';
import { stateEnergy } from './energy.js';
import { exportStateEnergy } from './export.js';
import { listSchemes, schemeDetail, statusOptions } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Reading programmes: either page, or the operation browse. */
const READ = { permission: 'page_deviceRunningStateScheme page_deviceStateEnergyConsumption equipmentstatus_browse' };
const ENERGY = { permission: 'page_deviceStateEnergyConsumption' };

/** Equipment-status programmes and the energy by state (issue 14; spec section 3, "equipmentStatus programme create/read/update/delete"). */
export const equipmentStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(EQUIPMENT_STATUS_API.schemes, { config: READ, schema: { querystring: SchemesQuery, response: { 200: Envelope(Type.Array(EquipmentScheme)) } } }, async (request) => {
    const list = await listSchemes(app.ems, request.lang, projectScope(request), request.query.projectId);
    return ok(request.lang, list, list.length);
  });
  app.get(EQUIPMENT_STATUS_API.options, { config: READ, schema: { querystring: SchemesQuery, response: { 200: Envelope(EquipmentStatusOptions) } } }, async (request) =>
    ok(request.lang, await statusOptions(app.ems, request.lang, projectScope(request), request.query.projectId)),
  );
  app.get(EQUIPMENT_STATUS_API.detail, { config: READ, schema: { params: SchemeIdParam, response: { 200: Envelope(EquipmentScheme) } } }, async (request) =>
    ok(request.lang, await schemeDetail(app.ems, request.lang, projectScope(request), request.params.id)),
  );
  app.post(EQUIPMENT_STATUS_API.create, { config: { permission: 'equipmentstatus_create' }, schema: { body: EquipmentSchemeInput, response: { 200: Envelope(EquipmentScheme) } } }, async (request) =>
    ok(request.lang, await auditedCreate(app.ems, request.lang, projectScope(request), actorOf(request), request.body)),
  );
  app.put(
    EQUIPMENT_STATUS_API.update,
    { config: { permission: 'equipmentstatus_update' }, schema: { params: SchemeIdParam, body: EquipmentSchemeInput, response: { 200: Envelope(EquipmentScheme) } } },
    async (request) => ok(request.lang, await auditedUpdate(app.ems, request.lang, projectScope(request), actorOf(request), request.params.id, request.body)),
  );
  app.delete(EQUIPMENT_STATUS_API.remove, { config: { permission: 'equipmentstatus_delete' }, schema: { params: SchemeIdParam, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
    ok(request.lang, await auditedRemove(app.ems, request.lang, projectScope(request), actorOf(request), request.params.id)),
  );
  app.post(EQUIPMENT_STATUS_API.energy, { config: ENERGY, schema: { body: StateEnergyQuery, response: { 200: Envelope(StateEnergy) } } }, async (request) =>
    ok(request.lang, await stateEnergy(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(EQUIPMENT_STATUS_API.energyExport, { config: ENERGY, schema: { body: StateEnergyQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportStateEnergy(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
};
