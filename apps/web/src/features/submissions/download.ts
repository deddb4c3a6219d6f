import { downloadFileName } from '@confero/contracts';
import { ACCESS_TOKEN_COOKIE, ApiError, api, NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';
import { documentCookies } from '../../lib/cookies.ts';
import { fileNameFromDisposition } from './submission-display.ts';

export type DownloadProgress = { loaded: number; total: number | null; percent: number | null };

type DownloadTarget = { public_id: string; title: string; file?: string | null };

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text
  }
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const detail =
    (typeof record.error === 'string' && record.error) ||
    (typeof record.detail === 'string' && record.detail) ||
    `Request failed with status ${response.status}`;
  return new ApiError({
    status: response.status,
    code: typeof record.code === 'string' ? record.code : `HTTP_${response.status}`,
    detail,
    body,
  });
}

function request(url: string, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/pdf, application/json' };
  const token = documentCookies.get(ACCESS_TOKEN_COOKIE);
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(url, { method: 'GET', headers, credentials: 'include', signal });
}

/** Reads a response body, reporting progress against its Content-Length when there is one. */
async function readWithProgress(response: Response, onProgress?: (progress: DownloadProgress) => void): Promise<Blob> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/pdf';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total, percent: total ? Math.min(100, Math.round((loaded / total) * 100)) : null });
  }
  return new Blob(chunks, { type });
}

/** Hands a blob to the browser as a download under a file name. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads the current paper of a submission with progress, and saves it under the name the server's
 * Content-Disposition gives (the title lower-cased, punctuation removed, spaces to underscores; submission.pdf by
 * default). A JSON answer is an error with an `error` field. An expired session is refreshed once through the API
 * client, then the download is tried again.
 */
export async function downloadSubmissionFile(
  submission: DownloadTarget,
  options: { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal } = {},
): Promise<{ fileName: string; size: number }> {
  const url = submission.file || `/api/submissions/${encodeURIComponent(submission.public_id)}/download_file/`;
  const send = async () => {
    try {
      return await request(url, options.signal);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: NETWORK_ERROR_MESSAGE });
    }
  };
  let response = await send();
  if (response.status === 401) {
    // The API client refreshes the session (or sends the user to sign in); then one more try.
    await api.get(`submissions/${encodeURIComponent(submission.public_id)}/`);
    response = await send();
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) throw await errorFrom(response);
  const blob = await readWithProgress(response, options.onProgress);
  const fileName = fileNameFromDisposition(
    response.headers.get('content-disposition'),
    downloadFileName(submission.title),
  );
  saveBlob(blob, fileName);
  return { fileName, size: blob.size };
}
