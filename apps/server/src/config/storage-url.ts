import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where uploads, logos, exports and cached documents live (CONTRACT §7 `STORAGE_URL`): a folder
 * (`file:///abs/path`) or a bucket of any S3-compatible store
 * (`s3://bucket[/prefix]?endpoint=…&region=…&force_path_style=true`, credentials from
 * `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY`). Unset: the folder DATA_DIR/storage (decision 024).
 */
export type StorageLocation =
  | { kind: 'file'; root: string }
  | {
      kind: 's3';
      bucket: string;
      /** Keys are stored under this prefix of the bucket (`''`: at its top). */
      prefix: string;
      /** Another store than AWS (MinIO, Ceph, R2 …); unset: AWS S3 of `region`. */
      endpoint?: string;
      region: string;
      /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted stores). */
      forcePathStyle: boolean;
      accessKeyId: string;
      secretAccessKey: string;
    };

const S3_PARAMS = new Set(['endpoint', 'region', 'force_path_style']);
/** Bucket names as S3 allows them (3–63 lower-case letters, digits, dots and dashes). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/** STORAGE_URL (and the S3 credentials) → where the storage is; throws a sentence naming what is wrong. */
export function parseStorageUrl(value: string, credentials: { accessKeyId?: string; secretAccessKey?: string } = {}): StorageLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`"${value}" is not a URL: use file:///absolute/path or s3://bucket?endpoint=…&region=…`);
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash) throw new Error('a file:// URL takes no query or fragment');
    let root: string;
    try {
      root = fileURLToPath(url);
    } catch {
      throw new Error(`"${value}" is not a local folder: use file:///absolute/path (three slashes)`);
    }
    if (!isAbsolute(root) || root === '/') throw new Error('file:// needs an absolute folder other than /');
    return { kind: 'file', root: root.replace(/\/+$/, '') };
  }
  if (url.protocol !== 's3:') throw new Error(`unknown scheme "${url.protocol.replace(/:$/, '')}": use file:// or s3://`);
  const bucket = url.hostname;
  if (!bucket) throw new Error('s3:// needs a bucket: s3://bucket?endpoint=…');
  if (!BUCKET.test(bucket) || bucket.includes('..')) throw new Error(`"${bucket}" is not a valid bucket name`);
  if (url.username || url.password) throw new Error('put no credentials in STORAGE_URL: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  if (url.port) throw new Error('s3://bucket takes no port: give the store as ?endpoint=http://host:port');
  const segments = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  if (segments.some((s) => !PREFIX_SEGMENT.test(s) || s.includes('..'))) throw new Error(`"${url.pathname}" is not a valid key prefix`);
  const unknown = [...url.searchParams.keys()].filter((k) => !S3_PARAMS.has(k));
  if (unknown.length) throw new Error(`unknown parameter ${unknown.join(', ')} (known: endpoint, region, force_path_style)`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#\s]+\/?$/.test(endpoint))
    throw new Error(`endpoint "${endpoint}" must be http(s)://host[:port]`);
  const style = url.searchParams.get('force_path_style') ?? 'false';
  if (style !== 'true' && style !== 'false') throw new Error('force_path_style must be true or false');
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region)) throw new Error(`"${region}" is not a region`);
  if (!credentials.accessKeyId || !credentials.secretAccessKey)
    throw new Error('s3:// needs credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return {
    kind: 's3',
    bucket,
    prefix: segments.join('/'),
    ...(endpoint ? { endpoint: endpoint.replace(/\/$/, '') } : {}),
    region,
    forcePathStyle: style === 'true',
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
  };
}

/** The environment's STORAGE_URL → its location (unset: undefined, the folder DATA_DIR/storage); a bad one ends the start with its reason. */
export function storageFromEnv(value: string | undefined, accessKeyId?: string, secretAccessKey?: string): StorageLocation | undefined {
  if (value === undefined) return undefined;
  try {
    return parseStorageUrl(value, { accessKeyId, secretAccessKey });
  } catch (err) {
    throw new Error(`Invalid environment:\n  STORAGE_URL: ${(err as Error).message}`);
  }
}
