import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, resolveTarget, type UrlRefusal } from './url-guard.ts';

/** How long a receiver may take to answer a delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer the delivery log keeps. */
export const RESPONSE_EXCERPT_CHARS = 1000;

export type SendResult =
  | { ok: boolean; status: number; durationMs: number; excerpt: string }
  | { ok: false; status: null; durationMs: number; error: string };

/**
 * One POST of a delivery: to the address checked by `resolveTarget` (no private address, https
 * only outside development), no redirect followed (a 3xx is an answer that is not 2xx: a failure),
 * at most WEBHOOK_TIMEOUT_MS, the first characters of the answer kept for the log.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowLocal: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const target = await resolveTarget(url, opts.allowLocal);
  if (typeof target === 'string') return { ok: false, status: null, durationMs: took(), error: refusalText(target) };
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      u,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Bookla-Webhooks/1',
        },
        lookup: pinnedLookup(target) as never,
        agent: false,
      },
      (response) => {
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < RESPONSE_EXCERPT_CHARS) excerpt += chunk.slice(0, RESPONSE_EXCERPT_CHARS - excerpt.length);
          // The rest is not needed: a receiver that answers a lot is cut off.
          if (excerpt.length >= RESPONSE_EXCERPT_CHARS) response.destroy();
        });
        const end = () => {
          const status = response.statusCode ?? 0;
          done({ ok: status >= 200 && status < 300, status, durationMs: took(), excerpt });
        };
        response.on('end', end);
        response.on('close', end);
        response.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ ok: false, status: null, durationMs: took(), error: `no answer within ${(opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s` });
    }, opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    request.on('error', (err: NodeJS.ErrnoException) =>
      done({ ok: false, status: null, durationMs: took(), error: (err.code ?? err.message).slice(0, 200) }),
    );
    request.end(body);
  });
}

function refusalText(refusal: UrlRefusal): string {
  switch (refusal) {
    case 'https_only':
      return 'refused: only https URLs are called';
    case 'local_address':
      return 'refused: the address is loopback, private or link-local';
    case 'unresolvable':
      return 'the host name could not be resolved';
    default:
      return 'refused: not a valid URL';
  }
}
