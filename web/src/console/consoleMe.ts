import { consoleMe, type ConsoleMe } from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../api/client';

/**
 * GET /api/console/me for the logged-in user: the server's word on who may open the console and
 * which sections. Refused answers (401, 403) are final; a failure of the server is tried once more.
 */
export function consoleMeQuery(userId: number | string) {
  return queryOptions<ConsoleMe, Error>({
    queryKey: ['console-me', userId],
    queryFn: async () => consoleMe.response.parse(await apiFetch(consoleMe.path)),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: 5 * 60 * 1000,
  });
}

/** Whether the server refused this session the console (a patient's token). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
