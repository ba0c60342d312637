import { dataReplySchema } from '@bookla/shared/replies';
import { exportJobSchema, type ExportBody, type ExportJob } from '@bookla/shared/exports';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, readXsrfToken, refreshCsrfCookie } from '../../../../lib/api-client';

/**
 * `POST /api/exports` answers a file (small exports) or `202 {data: ExportJob}` (large ones), so
 * it is called with `fetch` itself: the shared client reads every reply as JSON or text, which
 * would spoil an XLSX. It sends what the shared client sends: the session cookie, the XSRF header
 * (a new token and one more try on 419), and the UI language.
 */

export type ExportStart = { kind: 'file'; blob: Blob; fileName: string } | { kind: 'job'; job: ExportJob };

export const exportKeys = {
  all: ['team', 'exports'] as const,
  job: (id: number) => [...exportKeys.all, 'job', id] as const,
};

/** The name in `content-disposition` (`filename*=UTF-8''…` preferred), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed escape: use the plain name below.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

async function errorOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { message?: unknown; errors?: unknown };
  const message = typeof body.message === 'string' ? body.message : '';
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : undefined;
  return new ApiError(res.status, message, body, errors);
}

/** Starts an export in the UI language (headers and texts of the file too). */
export async function startExport(body: ExportBody, language: string): Promise<ExportStart> {
  const send = async () => {
    if (!readXsrfToken()) await refreshCsrfCookie();
    return fetch(`/api/exports?language=${encodeURIComponent(language)}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json, text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Accept-Language': language,
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': readXsrfToken() ?? '',
      },
      body: JSON.stringify(body),
    });
  };
  let res = await send();
  if (res.status === 419) {
    await refreshCsrfCookie();
    res = await send();
  }
  if (!res.ok) throw await errorOf(res);
  if (res.status === 202) {
    const reply = (await res.json()) as { data: ExportJob };
    return { kind: 'job', job: reply.data };
  }
  return { kind: 'file', blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition'), `export.${body.format}`) };
}

/** Hands a file to the browser's download (an object URL on a temporary link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const jobReply = dataReplySchema(exportJobSchema);
const RUNNING: ReadonlySet<ExportJob['status']> = new Set(['queued', 'running']);
export const POLL_MS = 1000;

/** An export job, asked again every second while it waits or runs. */
export function useExportJob(job: ExportJob | null) {
  return useQuery({
    queryKey: exportKeys.job(job?.id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/exports/${job?.id ?? 0}`, { signal, reply: jobReply }).then((r) => r.data),
    enabled: job !== null,
    initialData: job ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data && RUNNING.has(query.state.data.status) ? POLL_MS : false),
  });
}
