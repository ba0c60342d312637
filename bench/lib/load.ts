import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import http from 'node:http';
import net from 'node:net';

/**
 * A small closed-loop load generator: `connections` keep-alive connections, each sending its
 * next request as soon as the previous answer is complete, for a fixed duration.
 * No dependency: raw sockets from node:net (see runLoad for why not node:http's client).
 */
export interface LoadOptions {
  /** Base URL of the server, e.g. http://127.0.0.1:41234 */
  url: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A request body (sent with Content-Length). */
  body?: string;
  /**
   * Headers that change with every request (e.g. a buyer's X-Forwarded-For); the n-th request
   * of the run gets `perRequest(n)` on top of `headers`. Without it the request bytes are built once.
   */
  perRequest?: (n: number) => Record<string, string>;
  connections: number;
  durationMs: number;
  /** Counted per status code when set (e.g. 201/409/429 under a burst). */
  statuses?: Map<number, number>;
}

export interface LatencySummary {
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadResult {
  requests: number;
  /** Answers with a status outside 200–299 (counted in `requests` too). */
  non2xx: number;
  /** Network errors (refused, reset, timeout); not counted in `requests`. */
  errors: number;
  firstError?: string;
  durationMs: number;
  requestsPerSecond: number;
  bytesPerSecond: number;
  /** Milliseconds, from writing the request to the end of the answer. */
  latencyMs: LatencySummary;
}

/** Growable buffer of latencies in milliseconds (a 5 s run at 50k req/s is 250k samples). */
class Samples {
  private data = new Float64Array(1 << 16);
  length = 0;
  push(v: number) {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  summary(): LatencySummary {
    if (this.length === 0) return { mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
    const sorted = this.data.slice(0, this.length).sort();
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    let sum = 0;
    for (const v of sorted) sum += v;
    return { mean: sum / sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1]! };
  }
}

const REQUEST_TIMEOUT_MS = 10_000;
const CRLF2 = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

interface Head {
  status: number;
  bodyStart: number;
  contentLength: number | undefined;
  chunked: boolean;
  close: boolean;
}

function parseHead(buf: Buffer): Head | undefined {
  const end = buf.indexOf(CRLF2);
  if (end < 0) return undefined;
  const lines = buf.toString('latin1', 0, end).split('\r\n');
  const status = Number(lines[0]?.split(' ')[1]);
  const head: Head = { status, bodyStart: end + 4, contentLength: undefined, chunked: false, close: false };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') head.contentLength = Number(value);
    else if (name === 'transfer-encoding') head.chunked = value.includes('chunked');
    else if (name === 'connection') head.close = value.includes('close');
  }
  // 1xx, 204 and 304 answers have no body.
  if (status < 200 || status === 204 || status === 304) head.contentLength = 0;
  return head;
}

/** End offset of a chunked body starting at `from`, or -1 while incomplete. */
function chunkedEnd(buf: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const lineEnd = buf.indexOf(CRLF, at);
    if (lineEnd < 0) return -1;
    const size = parseInt(buf.toString('latin1', at, lineEnd).split(';')[0]!, 16);
    if (Number.isNaN(size)) throw new Error('malformed chunked body');
    if (size === 0) {
      // Trailers (normally none) end with an empty line.
      const trailerEnd = buf.indexOf(CRLF2, lineEnd);
      return trailerEnd < 0 ? -1 : trailerEnd + 4;
    }
    at = lineEnd + 2 + size + 2;
    if (at > buf.length) return -1;
  }
}

/**
 * Closed-loop load over raw keep-alive sockets: each of `connections` sockets writes a prebuilt
 * HTTP/1.1 request, reads the answer (Content-Length or chunked), and writes the next one.
 * node:http's client was tried first: on this machine it tops out at ~3-4k req/s, a third of what
 * bare Fastify serves, so it would have understated the baseline and flattered every ratio.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const target = new URL(opts.url);
  const port = Number(target.port);
  const build = (extra: Record<string, string> = {}) => {
    const body = opts.body === undefined ? undefined : Buffer.from(opts.body, 'utf8');
    const headers: Record<string, string> = { host: target.host, ...opts.headers, ...extra };
    if (body) headers['content-length'] = String(body.length);
    const head = Buffer.from(
      `${opts.method ?? 'GET'} ${opts.path} HTTP/1.1\r\n` +
        Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        '\r\n',
      'latin1',
    );
    return body ? Buffer.concat([head, body]) : head;
  };
  const fixed = opts.perRequest ? undefined : build();
  let sequence = 0;
  const nextRequest = () => fixed ?? build(opts.perRequest!(sequence++));
  const samples = new Samples();
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  let firstError: string | undefined;

  const start = performance.now();
  const end = start + opts.durationMs;

  const connection = () =>
    new Promise<void>((done) => {
      let socket: net.Socket;
      let buf: Buffer = Buffer.alloc(0);
      let head: Head | undefined;
      let sentAt = 0n;
      let finished = false;

      const finish = () => {
        if (finished) return;
        finished = true;
        socket.destroy();
        done();
      };
      const send = () => {
        if (performance.now() >= end) return finish();
        const request = nextRequest();
        sentAt = process.hrtime.bigint();
        socket.write(request);
      };
      const open = () => {
        buf = Buffer.alloc(0);
        head = undefined;
        socket = net.connect({ host: target.hostname, port, noDelay: true });
        socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
        socket.on('connect', send);
        socket.on('data', onData);
        socket.on('error', onError);
        socket.on('close', onClose);
      };
      function onError(err: Error) {
        errors++;
        firstError ??= err.message;
      }
      function onClose() {
        if (finished) return;
        if (head || buf.length) onError(new Error('connection closed in the middle of an answer'));
        // Reconnect (after a pause, so a server that refuses connections is not hammered).
        socket.removeAllListeners().on('error', () => {});
        if (performance.now() >= end) return finish();
        setTimeout(open, 10);
      }
      function onData(chunk: Buffer) {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (;;) {
          head ??= parseHead(buf);
          if (!head) return;
          let bodyEnd: number;
          if (head.contentLength !== undefined) bodyEnd = head.bodyStart + head.contentLength;
          else if (head.chunked) {
            try {
              bodyEnd = chunkedEnd(buf, head.bodyStart);
            } catch (err) {
              return socket.destroy(err as Error);
            }
          } else return socket.destroy(new Error('answer without Content-Length or chunked encoding'));
          if (bodyEnd < 0 || buf.length < bodyEnd) return;

          samples.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
          requests++;
          bytes += bodyEnd;
          if (head.status < 200 || head.status > 299) non2xx++;
          opts.statuses?.set(head.status, (opts.statuses.get(head.status) ?? 0) + 1);
          const close = head.close;
          buf = buf.subarray(bodyEnd);
          head = undefined;
          if (close) {
            socket.removeAllListeners().on('error', () => {});
            socket.destroy();
            if (performance.now() >= end) return finish();
            return open();
          }
          return send();
        }
      }
      open();
    });

  await Promise.all(Array.from({ length: opts.connections }, connection));
  const durationMs = performance.now() - start;

  return {
    requests,
    non2xx,
    errors,
    firstError,
    durationMs,
    requestsPerSecond: (requests * 1000) / durationMs,
    bytesPerSecond: (bytes * 1000) / durationMs,
    latencyMs: samples.summary(),
  };
}

/** One request with a fresh connection; the whole answer as text (decompressed when it came br/gzip-encoded). */
export function requestOnce(
  opts: Pick<LoadOptions, 'url' | 'method' | 'path' | 'headers'>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const target = new URL(opts.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const body = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}
