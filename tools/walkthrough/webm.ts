/**
 * MediaRecorder writes WebM without a duration (it streams), so a `<video>` shows no length
 * until the whole file is loaded. This adds the Duration element to the segment's Info element.
 * EBML: an element is an ID, a size (variable-length integer) and its data; the segment that
 * MediaRecorder writes has an "unknown" size, so only the Info element's size changes.
 */
const INFO_ID = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
const DURATION_ID = Buffer.from([0x44, 0x89]);

/** Length and value of the variable-length integer at `at`. */
function readVint(buf: Buffer, at: number): { length: number; value: number } {
  const first = buf[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + buf[at + i]!;
  return { length, value };
}

/** A size as an 8-byte variable-length integer (room for any value here). */
function vint8(value: number): Buffer {
  const out = Buffer.alloc(8);
  let v = value;
  for (let i = 7; i >= 1; i -= 1) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0] = 0x01;
  return out;
}

/** The file with `ms` as its duration (TimecodeScale is MediaRecorder's 1 ms). */
export function withDuration(webm: Buffer, ms: number): Buffer {
  const at = webm.indexOf(INFO_ID);
  if (at < 0) throw new Error('no Info element in the WebM file');
  const size = readVint(webm, at + INFO_ID.length);
  const dataStart = at + INFO_ID.length + size.length;
  const data = webm.subarray(dataStart, dataStart + size.value);
  if (data.indexOf(DURATION_ID) >= 0) return webm;
  const value = Buffer.alloc(8);
  value.writeDoubleBE(ms);
  const duration = Buffer.concat([DURATION_ID, Buffer.from([0x88]), value]);
  const info = Buffer.concat([INFO_ID, vint8(data.length + duration.length), data, duration]);
  return Buffer.concat([webm.subarray(0, at), info, webm.subarray(dataStart + size.value)]);
}
