import { createHash } from 'node:crypto';
import { API, INGEST_API, MODEL_API, type ApiReply } from '@ems/contract';
import { ROOT_PASSWORD } from './flows.js';
import type { RunningServer } from './server.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export interface ApiInit {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One JSON call to the running server; a non-zero code throws with the reply. */
export async function apiCall<T>(server: RunningServer, path: string, init: ApiInit = {}): Promise<ApiReply<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const reply = (await res.json()) as ApiReply<T>;
  if (reply.code !== 0) throw new Error(`${path}: ${res.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** ROOT's session over the API, in the named project: headers without and with the project. */
export async function rootInProject(server: RunningServer, projectName: string): Promise<{ auth: Record<string, string>; inProject: Record<string, string>; projectId: number }> {
  const timestamps = Date.now();
  const session = await apiCall<{ token: string }>(server, API.login, {
    body: { userName: 'ROOT', password: md5(`ems${timestamps}${md5(ROOT_PASSWORD)}`), timestamps, client: 'web' },
  });
  const auth = { authorization: `Bearer ${session.data.token}` };
  const projects = await apiCall<{ projectId: number; name: string }[]>(server, `${API.projects}?system=cloud`, { headers: auth });
  const project = projects.data.find((p) => p.name === projectName);
  if (!project) throw new Error(`ROOT does not see ${projectName}`);
  return { auth, inProject: { ...auth, projectid: String(project.projectId) }, projectId: project.projectId };
}

/** An electricity meter directly under the project; returns its id. */
export async function addMeter(server: RunningServer, root: { inProject: Record<string, string>; projectId: number }, name: string): Promise<number> {
  const written = await apiCall<{ children?: { id: number }[] }[]>(server, MODEL_API.writeHierarchy, {
    headers: root.inProject,
    body: [{ modelLabel: 'project', id: root.projectId, children: [{ modelLabel: 'meter', name, energyType: 2 }] }],
  });
  const id = written.data[0]?.children?.[0]?.id;
  if (id === undefined) throw new Error(`meter ${name} not created`);
  return id;
}

/** A gateway of the project; returns its plain API key (for the HTTP batch ingest). */
export async function addGateway(server: RunningServer, root: { auth: Record<string, string>; projectId: number }, name: string): Promise<string> {
  return (await apiCall<{ apiKey: string }>(server, INGEST_API.gateways, { headers: root.auth, body: { projectId: root.projectId, name } })).data.apiKey;
}
