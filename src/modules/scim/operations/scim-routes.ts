/**
 * The SCIM routes: public, hidden, raw-body routes whose handlers authenticate the caller
 * themselves (ScimService.authorize), so that every answer, 401 included, is SCIM's own shape
 * (`application/scim+json`, RFC 7644 §3.12 errors). Bodies are read as bytes whatever their
 * content type (`application/scim+json` and `application/json` both).
 */
import { Content, type Call, type HttpMethod } from '../../../core/operation.js';
import type { Services } from '../../services.js';
import { ScimError } from '../scim-errors.js';
import { searchQuery, type ScimAnswer, type ScimCaller, type ScimListQuery } from '../scim.service.js';
import { scimOperation } from './define.js';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
/** Largest SCIM request body: a group of thousands of members fits. */
const MAX_BODY_BYTES = 1024 * 1024;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function render(answer: ScimAnswer): Content {
  const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
  return new Content(body, SCIM_CONTENT_TYPE, answer.headers ?? {}, answer.status);
}

function parseBody(body: unknown): unknown {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw new ScimError(400, 'invalidSyntax', 'The request needs a JSON body');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ScimError(400, 'invalidSyntax', `The request body is not JSON: ${(err as Error).message}`);
  }
}

type Params = { slug: string; id?: string };
type ScimWork = (caller: ScimCaller, call: Call<Params, ScimListQuery, Buffer>, services: Services) => Promise<ScimAnswer> | ScimAnswer;

function route(operationId: string, method: HttpMethod, path: string, summary: string, work: ScimWork) {
  return scimOperation({
    operationId, method, path: `/scim/v2/{slug}${path}`, summary,
    access: 'public', hidden: true, bodyKind: 'raw', bodyLimit: () => MAX_BODY_BYTES,
    handler: async (call, services) => {
      const typed = call as unknown as Call<Params, ScimListQuery, Buffer>;
      try {
        const caller = await services.scim.authorize(typed.headers, typed.ip, typed.params.slug, typed.baseUrl);
        return render(await work(caller, typed, services));
      } catch (err) {
        if (err instanceof ScimError) return render({ status: err.status, body: err.toJSON(), headers: { ...err.headers } });
        throw err;
      }
    },
  });
}

const id = (call: Call<Params, ScimListQuery, Buffer>) => call.params.id ?? '';
const ifMatch = (call: Call<Params, ScimListQuery, Buffer>) => header(call.headers['if-match']);
const ifNoneMatch = (call: Call<Params, ScimListQuery, Buffer>) => header(call.headers['if-none-match']);

export const scimRoutes = [
  route('scimListUsers', 'GET', '/Users', 'SCIM: list or filter the Users', (c, call, { scim }) => scim.listUsers(c, call.query)),
  route('scimSearchUsers', 'POST', '/Users/.search', 'SCIM: search the Users (SearchRequest body)', (c, call, { scim }) => scim.listUsers(c, searchQuery(parseBody(call.body)))),
  route('scimCreateUser', 'POST', '/Users', 'SCIM: create a User (a member of the organisation)', (c, call, { scim }) => scim.createUser(c, parseBody(call.body))),
  route('scimGetUser', 'GET', '/Users/{id}', 'SCIM: get a User', (c, call, { scim }) => scim.getUser(c, id(call), call.query, ifNoneMatch(call))),
  route('scimReplaceUser', 'PUT', '/Users/{id}', 'SCIM: replace a User', (c, call, { scim }) => scim.replaceUser(c, id(call), parseBody(call.body), ifMatch(call))),
  route('scimPatchUser', 'PATCH', '/Users/{id}', 'SCIM: patch a User', (c, call, { scim }) => scim.patchUser(c, id(call), parseBody(call.body), ifMatch(call))),
  route('scimDeleteUser', 'DELETE', '/Users/{id}', 'SCIM: delete a User (its keys and data go with it)', (c, call, { scim }) => scim.deleteUser(c, id(call), ifMatch(call))),
  route('scimListGroups', 'GET', '/Groups', 'SCIM: list or filter the Groups', (c, call, { scim }) => scim.listGroups(c, call.query)),
  route('scimSearchGroups', 'POST', '/Groups/.search', 'SCIM: search the Groups (SearchRequest body)', (c, call, { scim }) => scim.listGroups(c, searchQuery(parseBody(call.body)))),
  route('scimCreateGroup', 'POST', '/Groups', 'SCIM: create a Group', (c, call, { scim }) => scim.createGroup(c, parseBody(call.body))),
  route('scimGetGroup', 'GET', '/Groups/{id}', 'SCIM: get a Group', (c, call, { scim }) => scim.getGroup(c, id(call), call.query, ifNoneMatch(call))),
  route('scimReplaceGroup', 'PUT', '/Groups/{id}', 'SCIM: replace a Group', (c, call, { scim }) => scim.replaceGroup(c, id(call), parseBody(call.body), ifMatch(call))),
  route('scimPatchGroup', 'PATCH', '/Groups/{id}', 'SCIM: patch a Group', (c, call, { scim }) => scim.patchGroup(c, id(call), parseBody(call.body), ifMatch(call))),
  route('scimDeleteGroup', 'DELETE', '/Groups/{id}', 'SCIM: delete a Group', (c, call, { scim }) => scim.deleteGroup(c, id(call), ifMatch(call))),
  route('scimServiceProviderConfig', 'GET', '/ServiceProviderConfig', "SCIM: the service provider's configuration", (c, _call, { scim }) => scim.serviceProviderConfig(c)),
  route('scimResourceTypes', 'GET', '/ResourceTypes', 'SCIM: the resource types', (c, _call, { scim }) => scim.resourceTypes(c)),
  route('scimResourceType', 'GET', '/ResourceTypes/{id}', 'SCIM: one resource type', (c, call, { scim }) => scim.resourceTypes(c, id(call))),
  route('scimSchemas', 'GET', '/Schemas', 'SCIM: the schemas', (c, _call, { scim }) => scim.schemas(c)),
  route('scimSchema', 'GET', '/Schemas/{id}', 'SCIM: one schema', (c, call, { scim }) => scim.schemas(c, id(call))),
];
