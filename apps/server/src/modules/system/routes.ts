// System settings calls (issue 14): every one needs `system:admin`. Users, roles, menus and number rules are the
// caller's enterprise's; dictionaries are the platform's (the dictionary call carries no enterprise, spec 7.5).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignRolesBodySchema,
  CreateDictEntryBodySchema,
  CreateDictGroupBodySchema,
  DeletedDictEntryReplySchema,
  DictEntriesReplySchema,
  DictEntryParamsSchema,
  DictEntryReplySchema,
  DictGroupParamsSchema,
  DictGroupReplySchema,
  DictGroupsReplySchema,
  EnterpriseMenusReplySchema,
  NumberKeyParamsSchema,
  NumberRuleReplySchema,
  NumberRulesReplySchema,
  SaveMenusBodySchema,
  SaveNumberRuleBodySchema,
  SYSTEM_PATHS,
  SystemRolesReplySchema,
  SystemUserPageReplySchema,
  SystemUserReplySchema,
  SystemUsersQuerySchema,
  UpdateDictEntryBodySchema,
  UserIdParamsSchema,
  USER_EXPORT,
  userExportRow,
} from '@tfb/contract';
import { listExportRoute } from '../../lib/list-export.js';
import { pagedGet, sessionCall } from '../../lib/route.js';
import {
  assignRoles,
  createDictEntry,
  createDictGroup,
  deleteDictEntry,
  listDictEntries,
  listDictGroups,
  listMenus,
  listNumberRules,
  listRoles,
  listUsers,
  saveMenus,
  saveNumberRule,
  updateDictEntry,
} from './repository.js';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const access = 'system:admin';
  const tags = ['system'];

  pagedGet(app, SYSTEM_PATHS.users, { access, tags, query: SystemUsersQuerySchema, reply: SystemUserPageReplySchema }, (s, q, w) =>
    listUsers(db, s, q.search, w),
  );
  // 导出 Excel: the list's users, each with its kind as one code and its roles by name.
  listExportRoute(app, USER_EXPORT, { access, tags, query: SystemUsersQuerySchema }, async (s, q, w) => {
    const page = await listUsers(db, s, q.search, w);
    return { ...page, content: page.content.map(userExportRow) };
  });
  sessionCall(
    app,
    'PUT',
    SYSTEM_PATHS.userRoles,
    { access, tags, params: UserIdParamsSchema, body: AssignRolesBodySchema, reply: SystemUserReplySchema },
    (s, { params, body }) => assignRoles(db, s, params.userId, body),
  );
  sessionCall(app, 'GET', SYSTEM_PATHS.roles, { access, tags, reply: SystemRolesReplySchema }, (s) => listRoles(db, s));

  sessionCall(app, 'GET', SYSTEM_PATHS.menus, { access, tags, reply: EnterpriseMenusReplySchema }, (s) => listMenus(db, s.enterpriseId));
  sessionCall(
    app,
    'PUT',
    SYSTEM_PATHS.menus,
    { access, tags, body: SaveMenusBodySchema, reply: EnterpriseMenusReplySchema },
    (s, { body }) => saveMenus(db, s.enterpriseId, body),
  );

  sessionCall(app, 'GET', SYSTEM_PATHS.dictGroups, { access, tags, reply: DictGroupsReplySchema }, () => listDictGroups(db));
  sessionCall(
    app,
    'POST',
    SYSTEM_PATHS.dictGroups,
    { access, tags, body: CreateDictGroupBodySchema, reply: DictGroupReplySchema },
    (_s, { body }) => createDictGroup(db, body),
  );
  sessionCall(
    app,
    'GET',
    SYSTEM_PATHS.dictEntries,
    { access, tags, params: DictGroupParamsSchema, reply: DictEntriesReplySchema },
    (_s, { params }) => listDictEntries(db, params.group),
  );
  sessionCall(
    app,
    'POST',
    SYSTEM_PATHS.dictEntries,
    { access, tags, params: DictGroupParamsSchema, body: CreateDictEntryBodySchema, reply: DictEntryReplySchema },
    (_s, { params, body }) => createDictEntry(db, params.group, body),
  );
  sessionCall(
    app,
    'PUT',
    SYSTEM_PATHS.dictEntry,
    { access, tags, params: DictEntryParamsSchema, body: UpdateDictEntryBodySchema, reply: DictEntryReplySchema },
    (_s, { params, body }) => updateDictEntry(db, params.group, params.dictKey, body),
  );
  sessionCall(
    app,
    'DELETE',
    SYSTEM_PATHS.dictEntry,
    { access, tags, params: DictEntryParamsSchema, reply: DeletedDictEntryReplySchema },
    (_s, { params }) => deleteDictEntry(db, params.group, params.dictKey),
  );

  sessionCall(app, 'GET', SYSTEM_PATHS.numberRules, { access, tags, reply: NumberRulesReplySchema }, (s) =>
    listNumberRules(db, s.enterpriseId),
  );
  sessionCall(
    app,
    'PUT',
    SYSTEM_PATHS.numberRule,
    { access, tags, params: NumberKeyParamsSchema, body: SaveNumberRuleBodySchema, reply: NumberRuleReplySchema },
    (s, { params, body }) => saveNumberRule(db, s, params.numberKey, body),
  );
};
