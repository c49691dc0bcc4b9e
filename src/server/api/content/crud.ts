import { z, type RouteConfig } from '@hono/zod-openapi';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import { kolkataDate } from '../../../lib/financial-year';
import type { AuthUser } from '../../domains/identity/auth-user';
import { CONTENT_STAFF } from './files';
import type { ApiDeps, AppContext } from '../context';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { apiRoute, caller, createRouter, type ErrorStatus, jsonBody, respond } from '../openapi';

/**
 * Events, gallery albums and publications share one staff CRUD shape: a paged list, its CSV export,
 * create, get, patch and delete, each for CONTENT_STAFF. This declares those six routes and their handlers
 * once; each resource gives its texts, schemas and service calls, and chains its own further routes
 * (uploads, attachments, downloads) on the router it gets back.
 */

type Schema = z.ZodTypeAny;
/** What a route's query may be declared with. */
type QuerySchema = NonNullable<NonNullable<RouteConfig['request']>['query']>;

/** The resource's service calls; each gets the caller, which a chapter admin's events are scoped by. */
export interface ContentCrudService<Item, ListQuery, ExportQuery, Create, Patch, Detail, Created> {
  list(deps: ApiDeps, user: AuthUser, query: ListQuery): Promise<unknown>;
  export(deps: ApiDeps, user: AuthUser, query: ExportQuery): AsyncIterable<Item>;
  create(deps: ApiDeps, user: AuthUser, fields: Create, now: Date): Promise<Created>;
  get(deps: ApiDeps, user: AuthUser, id: number): Promise<Detail>;
  update(deps: ApiDeps, user: AuthUser, id: number, patch: Patch, now: Date): Promise<Detail>;
  delete(deps: ApiDeps, user: AuthUser, id: number): Promise<unknown>;
}

export interface ContentCrudSpec<
  Item,
  ListQuery extends QuerySchema,
  ExportQuery extends QuerySchema,
  Create extends Schema,
  Patch extends Schema,
  Detail extends Schema,
  Created extends Schema,
> {
  tags: string[];
  /** The CSV file's name before its date, as in `albums-2026-11-23.csv`. */
  exportName: string;
  exportColumns: CsvColumn<Item>[];
  list: { summary: string; query: ListQuery; item: Schema };
  export: { summary: string; query: ExportQuery };
  create: { summary: string; body: Create; data: Created; errors?: ErrorStatus[] };
  get: { summary: string; data: Detail };
  patch: { summary: string; body: Patch; data: Detail };
  delete: { summary: string };
  service: ContentCrudService<
    Item,
    z.infer<ListQuery>,
    z.infer<ExportQuery>,
    z.infer<Create>,
    z.infer<Patch>,
    z.infer<Detail>,
    z.infer<Created>
  >;
}

const Deleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

export function contentCrudRouter<
  Item,
  ListQuery extends QuerySchema,
  ExportQuery extends QuerySchema,
  Create extends Schema,
  Patch extends Schema,
  Detail extends Schema,
  Created extends Schema,
>(spec: ContentCrudSpec<Item, ListQuery, ExportQuery, Create, Patch, Detail, Created>) {
  const { tags, service } = spec;
  const listRoute = apiRoute({
    method: 'get',
    path: '/',
    summary: spec.list.summary,
    tags,
    access: CONTENT_STAFF,
    request: { query: spec.list.query },
    data: pagedSchema(spec.list.item),
  });
  const exportRoute = csvRoute({
    path: '/export.csv',
    summary: spec.export.summary,
    tags,
    access: CONTENT_STAFF,
    request: { query: spec.export.query },
  });
  const createRoute = apiRoute({
    method: 'post',
    path: '/',
    summary: spec.create.summary,
    tags,
    access: CONTENT_STAFF,
    request: { body: jsonBody(spec.create.body) },
    data: spec.create.data,
    status: 201,
    errors: spec.create.errors,
  });
  const getRoute = apiRoute({
    method: 'get',
    path: '/{id}',
    summary: spec.get.summary,
    tags,
    access: CONTENT_STAFF,
    request: { params: IdParam },
    data: spec.get.data,
    errors: [404],
  });
  const patchRoute = apiRoute({
    method: 'patch',
    path: '/{id}',
    summary: spec.patch.summary,
    tags,
    access: CONTENT_STAFF,
    request: { params: IdParam, body: jsonBody(spec.patch.body) },
    data: spec.patch.data,
    errors: [404],
    scope: (c, { id }) => service.get(c.var.deps, caller(c), id),
  });
  const deleteRoute = apiRoute({
    method: 'delete',
    path: '/{id}',
    summary: spec.delete.summary,
    tags,
    access: CONTENT_STAFF,
    request: { params: IdParam },
    data: Deleted,
    errors: [404],
  });

  // The validators have run before these handlers; the generic schemas only hide the parsed types from
  // the compiler, so each input is read once here with the type its schema gives.
  const query = <T>(c: AppContext) => c.req.valid('query' as never) as T;
  const json = <T>(c: AppContext) => c.req.valid('json' as never) as T;
  const id = (c: AppContext) => (c.req.valid('param' as never) as z.infer<typeof IdParam>).id;

  // Registered in this order so `/export.csv` is matched before `/{id}`.
  return createRouter()
    .openapi(listRoute, async (c) => respond(c, await service.list(c.var.deps, caller(c), query(c))))
    .openapi(createRoute, async (c) => {
      const { deps } = c.var;
      return respond(c, await service.create(deps, caller(c), json(c), deps.now()), 201);
    })
    .openapi(exportRoute, async (c) => {
      const { deps } = c.var;
      const rows = service.export(deps, caller(c), query(c));
      return csvResponse(c, `${spec.exportName}-${kolkataDate(deps.now())}`, spec.exportColumns, rows);
    })
    .openapi(getRoute, async (c) => respond(c, await service.get(c.var.deps, caller(c), id(c))))
    .openapi(patchRoute, async (c) => {
      const { deps } = c.var;
      return respond(c, await service.update(deps, caller(c), id(c), json(c), deps.now()));
    })
    .openapi(deleteRoute, async (c) => {
      const deleted = id(c);
      await service.delete(c.var.deps, caller(c), deleted);
      return respond(c, { id: deleted, deleted: true as const });
    });
}
