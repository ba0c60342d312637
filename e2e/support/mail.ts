import { expect } from '@playwright/test';

const httpPort = Number(process.env.MAIL_HTTP_PORT ?? 3197);

/** Decodes a quoted-printable text part enough to find links in it. */
function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function bodyOf(raw: string): string {
  const text = decodeQuotedPrintable(raw);
  // Base64 parts (nodemailer uses them for long non-ASCII lines).
  const decoded = [...text.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:.*\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${text}\n${decoded}`;
}

export async function mailsTo(address: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${httpPort}/mails?to=${encodeURIComponent(address)}`);
  const list = (await res.json()) as { raw: string }[];
  return list.map((m) => bodyOf(m.raw));
}

/** Waits for the n-th mail to an address and returns the first link in it matching `pattern`. */
export async function linkFromMail(address: string, pattern: RegExp, index = -1): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const all = await mailsTo(address);
        const mail = index < 0 ? all[all.length + index] : all[index];
        link = mail?.match(pattern)?.[0];
        return link;
      },
      { timeout: 20_000, message: `mail to ${address} with ${pattern}` },
    )
    .toBeTruthy();
  return link!;
}
