// GET task/todoList: the open steps an approver of the caller's enterprise may act on.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { PROCESS_PATHS, TodoListReplySchema, type Page, type TodoListQuerySchema, type TodoTask } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { TODO_KEY } from './keys';

export type TodoListQuery = z.input<typeof TodoListQuerySchema>;

export function getTodoList(params: TodoListQuery, signal?: AbortSignal): Promise<Page<TodoTask>> {
  return api.get(PROCESS_PATHS.todoList, { query: params, schema: TodoListReplySchema.shape.data, signal });
}

export const todoListQueryOptions = (params: TodoListQuery) =>
  queryOptions({
    queryKey: [...TODO_KEY, params],
    queryFn: ({ signal }) => getTodoList(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useTodoList = (params: TodoListQuery) => useQuery(todoListQueryOptions(params));
