import { consoleMe, type ConsoleMe } from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, callApi } from '../api/client';

/**
 * GET /api/console/me for the logged-in user: the server's word on who may open the console and
 * which sections. Refused answers (401, 403) are final; a failure of the server is tried once more.
 */
export function consoleMeQuery(userId: number | string) {
  return queryOptions<ConsoleMe, Error>({
    queryKey: ['console-me', userId],
    queryFn: () => callApi(consoleMe),
    retry: (failures, error) => !(isRefusal(error) && error.status < 500) && failures < 1,
    staleTime: 5 * 60 * 1000,
  });
}

/** An HTTP answer refusing the call (not a lost connection nor a malformed answer). */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'http';
}

/** Whether the server refused this session the console (a patient's token). */
export function isForbidden(error: unknown): boolean {
  return isRefusal(error) && error.status === 403;
}
