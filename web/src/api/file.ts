/**
 * The API client's call for a route whose success is a file (`responseContentType`, the invoice
 * PDF): the same URL, token and `ApiError`s as `callApi`, answering with the bytes. Its own module
 * so that only the pages that download files load it.
 */
import { ApiError, sendRequest, type AnyRoute, type CallInput } from './client';

export async function callApiForBlob<R extends AnyRoute>(
  route: R,
  ...[input]: Partial<CallInput<R>> extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>]
): Promise<Blob> {
  const response = await sendRequest(route, input ?? {}, route.responseContentType ?? '*/*');
  try {
    return await response.blob();
  } catch (cause) {
    throw new ApiError({ kind: 'network', status: response.status, cause });
  }
}
