// The system settings calls: users and their roles, the role table, the enterprise's menu list, the platform's
// dictionaries and the enterprise's number rules. Mutations invalidate the lists they change; a dictionary edit also
// drops the group's session-long cache (components/widgets/dict.ts), so this tab's forms read the new entries.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DictEntriesReplySchema,
  DictEntryReplySchema,
  DictGroupReplySchema,
  DictGroupsReplySchema,
  EnterpriseMenusReplySchema,
  NumberRuleReplySchema,
  NumberRulesReplySchema,
  SYSTEM_PATHS,
  SystemRolesReplySchema,
  SystemUserPageReplySchema,
  SystemUserReplySchema,
  type AssignRolesBody,
  type CreateDictEntryBody,
  type CreateDictGroupBody,
  type SaveMenusBody,
  type SaveNumberRuleBody,
  type UpdateDictEntryBody,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { dictQueryOptions } from '../../../components/widgets/dict';
import type { PageState } from '../../../components/widgets/paging';

const data = <T extends z.ZodObject<{ data: z.ZodType }>>(reply: T) => reply.shape.data as T['shape']['data'];

export const systemKeys = {
  all: ['system'] as const,
  users: ['system', 'users'] as const,
  roles: ['system', 'roles'] as const,
  menus: ['system', 'menus'] as const,
  dictGroups: ['system', 'dictGroups'] as const,
  dictEntries: (group: string) => ['system', 'dictEntries', group] as const,
  numberRules: ['system', 'numberRules'] as const,
};

export const usersQuery = (search: string | undefined, page: PageState) =>
  queryOptions({
    queryKey: [...systemKeys.users, { search, ...page }],
    queryFn: ({ signal }) => api.get(SYSTEM_PATHS.users, { query: { search, ...page }, schema: data(SystemUserPageReplySchema), signal }),
    placeholderData: (previous) => previous,
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: systemKeys.roles,
    queryFn: ({ signal }) => api.get(SYSTEM_PATHS.roles, { schema: data(SystemRolesReplySchema), signal }),
  });

export const menusQuery = () =>
  queryOptions({
    queryKey: systemKeys.menus,
    queryFn: ({ signal }) => api.get(SYSTEM_PATHS.menus, { schema: data(EnterpriseMenusReplySchema), signal }),
  });

export const dictGroupsQuery = () =>
  queryOptions({
    queryKey: systemKeys.dictGroups,
    queryFn: ({ signal }) => api.get(SYSTEM_PATHS.dictGroups, { schema: data(DictGroupsReplySchema), signal }),
  });

export const dictEntriesQuery = (group: string) =>
  queryOptions({
    queryKey: systemKeys.dictEntries(group),
    queryFn: ({ signal }) =>
      api.get(SYSTEM_PATHS.dictEntries.replace(':group', encodeURIComponent(group)), { schema: data(DictEntriesReplySchema), signal }),
  });

export const numberRulesQuery = () =>
  queryOptions({
    queryKey: systemKeys.numberRules,
    queryFn: ({ signal }) => api.get(SYSTEM_PATHS.numberRules, { schema: data(NumberRulesReplySchema), signal }),
  });

export function useAssignRoles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: AssignRolesBody }) =>
      api.put(SYSTEM_PATHS.userRoles.replace(':userId', encodeURIComponent(userId)), { body, schema: data(SystemUserReplySchema) }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: systemKeys.users }), qc.invalidateQueries({ queryKey: systemKeys.roles })]),
  });
}

export function useSaveMenus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMenusBody) => api.put(SYSTEM_PATHS.menus, { body, schema: data(EnterpriseMenusReplySchema) }),
    onSuccess: (menus) => qc.setQueryData(systemKeys.menus, menus),
  });
}

export function useCreateDictGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDictGroupBody) => api.post(SYSTEM_PATHS.dictGroups, { body, schema: data(DictGroupReplySchema) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: systemKeys.dictGroups }),
  });
}

const entryPath = (group: string, key: string) =>
  SYSTEM_PATHS.dictEntry.replace(':group', encodeURIComponent(group)).replace(':dictKey', encodeURIComponent(key));

/** After any change to a group: its admin list, the group counts, and the group's cached dictionary. */
function useDictChanged() {
  const qc = useQueryClient();
  return (group: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: systemKeys.dictEntries(group) }),
      qc.invalidateQueries({ queryKey: systemKeys.dictGroups }),
      qc.invalidateQueries({ queryKey: dictQueryOptions(group).queryKey }),
    ]);
}

export function useSaveDictEntry(group: string) {
  const changed = useDictChanged();
  return useMutation({
    mutationFn: (input: { create: CreateDictEntryBody } | { key: string; update: UpdateDictEntryBody }) =>
      'create' in input
        ? api.post(SYSTEM_PATHS.dictEntries.replace(':group', encodeURIComponent(group)), {
            body: input.create,
            schema: data(DictEntryReplySchema),
          })
        : api.put(entryPath(group, input.key), { body: input.update, schema: data(DictEntryReplySchema) }),
    onSuccess: () => changed(group),
  });
}

export function useDeleteDictEntry(group: string) {
  const changed = useDictChanged();
  return useMutation({
    mutationFn: (key: string) => api.delete(entryPath(group, key)),
    onSuccess: () => changed(group),
  });
}

export function useSaveNumberRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ numberKey, body }: { numberKey: string; body: SaveNumberRuleBody }) =>
      api.put(SYSTEM_PATHS.numberRule.replace(':numberKey', encodeURIComponent(numberKey)), { body, schema: data(NumberRuleReplySchema) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: systemKeys.numberRules }),
  });
}
