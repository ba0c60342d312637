import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';
import { parseStorageUrl } from './storage-url.ts';

const creds = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' };

describe('STORAGE_URL', () => {
  it('reads a folder and a bucket of an S3-compatible store', () => {
    expect(parseStorageUrl('file:///srv/bookla/storage/')).toEqual({ kind: 'file', root: '/srv/bookla/storage' });
    expect(parseStorageUrl('s3://bookla-files?endpoint=http://minio:9000&region=eu-central-2&force_path_style=true', creds)).toEqual({
      kind: 's3',
      bucket: 'bookla-files',
      prefix: '',
      endpoint: 'http://minio:9000',
      region: 'eu-central-2',
      forcePathStyle: true,
      ...creds,
    });
    expect(parseStorageUrl('s3://bookla.files/prod/eu', creds)).toMatchObject({
      bucket: 'bookla.files',
      prefix: 'prod/eu',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(parseStorageUrl('s3://bookla/x', creds)).not.toHaveProperty('endpoint');
  });

  it.each([
    ['ftp://host/files', /unknown scheme "ftp"/],
    ['/srv/storage', /not a URL/],
    ['file://relative/path', /not a local folder/],
    ['file:///', /absolute folder other than \//],
    ['file:///srv/x?y=1', /no query/],
    ['s3://?endpoint=http://minio:9000', /not a URL|needs a bucket/],
    ['s3:///prefix', /needs a bucket/],
    ['s3://Bad_Bucket', /not a valid bucket name/],
    ['s3://key:secret@bucket', /no credentials in STORAGE_URL/],
    ['s3://bucket:9000', /no port/],
    ['s3://bucket/.hidden/x', /not a valid key prefix/],
    ['s3://bucket?endpoint=minio:9000', /endpoint "minio:9000" must be http\(s\)/],
    ['s3://bucket?force_path_style=yes', /force_path_style must be true or false/],
    ['s3://bucket?regoin=eu-west-1', /unknown parameter regoin/],
    ['s3://bucket?region=EU WEST', /is not a region/],
  ])('refuses %s', (url, message) => {
    expect(() => parseStorageUrl(url, creds)).toThrow(message);
  });

  it('needs both S3 credentials for a bucket', () => {
    expect(() => parseStorageUrl('s3://bucket')).toThrow(/set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => parseStorageUrl('s3://bucket', { accessKeyId: 'a' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('ends the start-up with a clear message, and defaults to the folder DATA_DIR/storage', () => {
    const base = { DATA_DIR: '/tmp/bookla-env', SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).storage).toBeUndefined();
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://bookla?endpoint=http://127.0.0.1:9000' })).toThrow(
      /^Invalid environment:\n {2}STORAGE_URL: s3:\/\/ needs credentials/,
    );
    expect(() => loadConfig({ ...base, STORAGE_URL: 'gs://bookla' })).toThrow(/STORAGE_URL: unknown scheme "gs"/);
    expect(
      loadConfig({ ...base, STORAGE_URL: 's3://bookla?endpoint=http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })
        .storage,
    ).toMatchObject({ kind: 's3', bucket: 'bookla', endpoint: 'http://127.0.0.1:9000' });
    expect(loadConfig({ ...base, STORAGE_URL: 'file:///var/lib/bookla' }).storage).toEqual({ kind: 'file', root: '/var/lib/bookla' });
  });
});
