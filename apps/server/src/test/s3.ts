import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Location } from '../lib/storage.ts';

/**
 * A real S3-protocol server for the storage tests (s3rver: the S3 REST API over files in a temp
 * folder), on a free port of 127.0.0.1. `stop()` takes it down (calls then fail as with a store
 * that is down), `start()` brings it back on the same port with the same objects, `close()` ends
 * it for good and removes its folder.
 */
export interface TestS3 {
  location: S3Location;
  /** STORAGE_URL of the bucket, as an operator would write it. */
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials. */
const KEY = 'S3RVER';

export async function startTestS3(bucket = 'bookla-test', prefix = ''): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'bookla-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    const s = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    const address = (await s.run()) as AddressInfo;
    port = address.port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    // Keep-alive connections of the SDK would hold the port: end them with the server.
    (s as unknown as { httpServer?: { closeAllConnections?: () => void } }).httpServer?.closeAllConnections?.();
    await s.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    location: {
      kind: 's3',
      bucket,
      prefix,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: KEY,
      secretAccessKey: KEY,
    },
    url: `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${endpoint}&region=us-east-1&force_path_style=true`,
    port,
    start,
    stop,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
