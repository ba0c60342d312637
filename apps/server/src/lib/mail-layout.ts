import type { Language } from '@bookla/shared';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MailContent {
  lang: Language;
  appName: string;
  /** Greeting line, e.g. "Hallo Anna". */
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button (e.g. "This link expires in 24 hours."). */
  footnote?: string;
}

/**
 * One simple, accessible mail layout with a text alternative. Every mail uses it. Its `<title>`
 * becomes the mail's subject when the mail is written (`withTitle`, from mailer.ts): the subject
 * is composed beside the body, and the outbox is where both meet.
 */
export function renderMail(c: MailContent): { html: string; text: string } {
  const parts = [c.greeting, ...c.paragraphs].filter(Boolean) as string[];
  const text = [
    ...parts,
    ...(c.action ? [`${c.action.label}: ${c.action.url}`] : []),
    ...(c.footnote ? [c.footnote] : []),
    `— ${c.appName}`,
  ].join('\n\n');
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${esc(c.action.url)}" style="background:#1c5fb8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:600">${esc(c.action.label)}</a></p>
       <p style="font-size:13px;color:#555">${esc(c.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${c.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(c.appName)}</title></head>
<body style="margin:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:8px;padding:28px">
<p style="font-size:20px;font-weight:700;margin:0 0 16px">${esc(c.appName)}</p>
${parts.map((p) => `<p style="font-size:15px;line-height:1.5">${esc(p)}</p>`).join('\n')}
${button}
${c.footnote ? `<p style="font-size:13px;color:#555">${esc(c.footnote)}</p>` : ''}
</div></div></body></html>`;
  return { html, text };
}

const TITLE = /<title>[^<]*<\/title>/i;

/**
 * The HTML with `subject` as its document title: what a mail client shows for a mail opened in a
 * browser tab, and what a screen reader announces first (an HTML document without a title is
 * invalid). Replaces the layout's title, or adds one to the head of HTML written elsewhere.
 */
export function withTitle(html: string, subject: string): string {
  const title = `<title>${esc(subject)}</title>`;
  if (TITLE.test(html)) return html.replace(TITLE, () => title);
  return html.replace(/<head(\s[^>]*)?>/i, (head) => head + title);
}
