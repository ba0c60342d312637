/** Spec §5: the size in megabytes (bytes / 1,000,000, not MiB) must not exceed the limit. */
export function fileSizeOk(file: Pick<File, 'size'>, limitMb: number): boolean {
  return file.size / 1_000_000 <= limitMb;
}
