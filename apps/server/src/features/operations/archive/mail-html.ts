import { maskSecrets, maskUrl } from './mail-secrets.ts';

/**
 * A mail's HTML made inert for the archive view (shown in `<iframe sandbox="" srcdoc>`).
 *
 * The input is read by a small tokenizer and a new document is *written* from it: only tag names
 * of an allow-list, only allow-listed attributes with checked values, every text and attribute
 * escaped again. So whatever the input is (broken, hostile, parsed differently by a browser),
 * the output contains no script, no event handler, no form, no frame, no remote resource and no
 * live link: the safety rests on what is written, not on parsing like a browser does.
 *
 * - Links become text: the label, then the target in brackets (masked, see mail-secrets.ts).
 * - Images become a note with their alt text; nothing is loaded (also no CSS `url()`).
 * - `script`, `style`, `iframe`, `svg`, … are dropped with their content; unknown tags are
 *   dropped and their text kept.
 * - The document carries its own CSP (`default-src 'none'`), on top of the sandbox and the page's.
 */

export interface NeutraliseLabels {
  /** Shown where an image with this alt text was. */
  image: (alt: string) => string;
  /** Shown where an image without alt text was. */
  imageWithoutAlt: string;
}

const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p',
  'div',
  'span',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'colgroup',
  'col',
  'blockquote',
  'pre',
  'code',
  'center',
  'font',
  'address',
  'section',
  'article',
  'header',
  'footer',
  'main',
]);

const VOID_TAGS: ReadonlySet<string> = new Set([
  'br',
  'hr',
  'col',
  'img',
  'wbr',
  'input',
  'meta',
  'link',
  'base',
  'area',
  'source',
  'embed',
  'param',
  'track',
]);

/** Elements whose content is raw text up to their end tag: dropped whole. */
const RAW_TEXT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);

/** Elements dropped with everything inside them. */
const DROP_WITH_CONTENT: ReadonlySet<string> = new Set([
  'head',
  'svg',
  'math',
  'template',
  'object',
  'select',
  'frameset',
  'applet',
  'audio',
  'video',
  'canvas',
  'map',
  'picture',
]);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad' };

/** Character references → characters (numeric and a few named ones; others stay as written). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return Object.hasOwn(NAMED, ref.toLowerCase()) ? NAMED[ref.toLowerCase()]! : whole;
  });
}

/** CSS declarations kept: plain properties with values of words, numbers, colours, quotes — no `(`, `\`, `:` or `/`. */
function safeStyle(style: string): string | undefined {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const prop = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!/^[a-z-]{1,40}$/.test(prop) || prop.includes('behavior') || prop.includes('binding')) continue;
    if (!value || value.length > 200 || !/^[#a-zA-Z0-9\s.,%+!'"-]+$/.test(value)) continue;
    kept.push(`${prop}:${value}`);
  }
  return kept.length ? kept.join(';') : undefined;
}

const ATTRIBUTE_RULES: Record<string, (value: string) => string | undefined> = {
  style: safeStyle,
  align: (v) => (/^(left|right|center|justify)$/i.test(v) ? v : undefined),
  valign: (v) => (/^(top|middle|bottom|baseline)$/i.test(v) ? v : undefined),
  width: (v) => (/^\d{1,4}%?$/.test(v) ? v : undefined),
  height: (v) => (/^\d{1,4}%?$/.test(v) ? v : undefined),
  colspan: (v) => (/^\d{1,3}$/.test(v) ? v : undefined),
  rowspan: (v) => (/^\d{1,3}$/.test(v) ? v : undefined),
  border: (v) => (/^\d{1,2}$/.test(v) ? v : undefined),
  cellpadding: (v) => (/^\d{1,3}$/.test(v) ? v : undefined),
  cellspacing: (v) => (/^\d{1,3}$/.test(v) ? v : undefined),
  bgcolor: (v) => (/^#?[a-z0-9]{1,20}$/i.test(v) ? v : undefined),
  color: (v) => (/^#?[a-z0-9]{1,20}$/i.test(v) ? v : undefined),
  dir: (v) => (/^(ltr|rtl|auto)$/i.test(v) ? v : undefined),
  lang: (v) => (/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(v) ? v : undefined),
};

type Attrs = Map<string, string>;

type Token = { type: 'text'; text: string } | { type: 'start'; name: string; attrs: Attrs } | { type: 'end'; name: string };

/** HTML → tokens (text, start and end tags; comments, doctypes and raw-text elements skipped). */
function* tokenize(html: string): Generator<Token> {
  let i = 0;
  const n = html.length;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      yield { type: 'text', text: html.slice(i) };
      return;
    }
    if (lt > i) yield { type: 'text', text: html.slice(i, lt) };
    i = lt;
    const next = html[i + 1] ?? '';
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end < 0 ? n : end + 3;
    } else if (next === '!' || next === '?') {
      const end = html.indexOf('>', i);
      i = end < 0 ? n : end + 1;
    } else if (next === '/' && /[a-z]/i.test(html[i + 2] ?? '')) {
      const m = /^<\/([a-z][a-z0-9-]*)/i.exec(html.slice(i, i + 80))!;
      const end = html.indexOf('>', i);
      i = end < 0 ? n : end + 1;
      yield { type: 'end', name: m[1]!.toLowerCase() };
    } else if (/[a-z]/i.test(next)) {
      const tag = readStartTag(html, i);
      i = tag.end;
      if (RAW_TEXT.has(tag.name)) {
        // Everything up to `</name` is the element's text: skipped (plaintext runs to the end).
        const closing = new RegExp(`</${tag.name}`, 'gi');
        closing.lastIndex = i;
        const close = tag.name === 'plaintext' ? -1 : (closing.exec(html)?.index ?? -1);
        if (close < 0) return;
        const end = html.indexOf('>', close);
        i = end < 0 ? n : end + 1;
        continue;
      }
      yield { type: 'start', name: tag.name, attrs: tag.attrs };
    } else {
      yield { type: 'text', text: '<' };
      i += 1;
    }
  }
}

function readStartTag(html: string, start: number): { name: string; attrs: Attrs; end: number } {
  const n = html.length;
  let i = start + 1;
  const nameMatch = /^[a-z][a-z0-9-]*/i.exec(html.slice(i, i + 80))!;
  const name = nameMatch[0].toLowerCase();
  i += nameMatch[0].length;
  const attrs: Attrs = new Map();
  while (i < n) {
    while (i < n && /[\s/]/.test(html[i]!)) i++;
    if (i >= n || html[i] === '>') {
      i++;
      break;
    }
    let attrName = '';
    while (i < n && !/[\s/>=]/.test(html[i]!)) attrName += html[i++];
    while (i < n && /\s/.test(html[i]!)) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && /\s/.test(html[i]!)) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        value = html.slice(i + 1, close < 0 ? n : close);
        i = close < 0 ? n : close + 1;
      } else {
        while (i < n && !/[\s>]/.test(html[i]!)) value += html[i++];
      }
    }
    const key = attrName.toLowerCase();
    if (key && !attrs.has(key)) attrs.set(key, decodeEntities(value));
  }
  return { name, attrs, end: Math.min(i, n) };
}

function writeAttrs(attrs: Attrs): string {
  let out = '';
  for (const [name, value] of attrs) {
    const rule = Object.hasOwn(ATTRIBUTE_RULES, name) ? ATTRIBUTE_RULES[name] : undefined;
    const kept = rule?.(value.trim());
    if (kept !== undefined) out += ` ${name}="${esc(kept)}"`;
  }
  return out;
}

/** Where a link led, as shown beside it; only web, mail and phone targets (no `javascript:`, `data:`). */
function linkTarget(href: string | undefined): string | undefined {
  const target = href?.replace(/\p{Cc}|\s/gu, '');
  if (!target) return undefined;
  if (/^https?:\/\//i.test(target)) return maskUrl(target);
  if (/^(mailto|tel):/i.test(target)) return target.split('?')[0];
  return undefined;
}

const STYLE = [
  'body{margin:0;padding:8px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a;overflow-wrap:anywhere}',
  '.bookla-link{text-decoration:underline;font-weight:600}',
  '.bookla-link-target{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;color:#444;word-break:break-all}',
  '.bookla-image{display:inline-block;border:1px dashed #888;color:#444;padding:2px 6px;font-size:12px}',
].join('');

/** The CSP of the archived document itself: nothing may load or run, inline styles only. */
export const ARCHIVED_MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** A mail's HTML → a complete inert document for `<iframe sandbox="" srcdoc>`. */
export function neutraliseHtml(html: string, labels: NeutraliseLabels, lang = 'de'): string {
  const out: string[] = [];
  const links: { target: string | undefined; text: string }[] = [];
  let dropping: { name: string; depth: number } | undefined;

  const text = (value: string) => {
    const shown = maskSecrets(value);
    for (const link of links) link.text += shown;
    out.push(esc(shown));
  };
  const closeLink = () => {
    const link = links.pop();
    if (!link) return;
    out.push('</span>');
    // The target after the label, unless the label already is the (masked) address.
    if (link.target && link.text.trim() !== link.target) out.push(` <span class="bookla-link-target">[${esc(link.target)}]</span>`);
  };

  for (const token of tokenize(html)) {
    if (dropping) {
      if (token.type === 'start' && token.name === dropping.name && !VOID_TAGS.has(token.name)) dropping.depth++;
      if (token.type === 'end' && token.name === dropping.name && --dropping.depth === 0) dropping = undefined;
      continue;
    }
    if (token.type === 'text') {
      text(decodeEntities(token.text));
      continue;
    }
    const { name } = token;
    if (token.type === 'start') {
      if (DROP_WITH_CONTENT.has(name)) {
        dropping = { name, depth: 1 };
      } else if (name === 'a') {
        links.push({ target: linkTarget(token.attrs.get('href')), text: '' });
        out.push('<span class="bookla-link">');
      } else if (name === 'img') {
        const alt = maskSecrets(token.attrs.get('alt')?.trim() ?? '');
        const note = alt ? labels.image(alt) : labels.imageWithoutAlt;
        out.push(`<span class="bookla-image">${esc(note)}</span>`);
      } else if (name === 'body') {
        // The body's look (background, font) moves to a wrapper of ours.
        out.push(`<div${writeAttrs(token.attrs)}>`);
      } else if (ALLOWED_TAGS.has(name)) {
        out.push(`<${name}${writeAttrs(token.attrs)}>`);
      }
      continue;
    }
    if (name === 'a') closeLink();
    else if (name === 'body') out.push('</div>');
    else if (ALLOWED_TAGS.has(name) && !VOID_TAGS.has(name)) out.push(`</${name}>`);
  }
  while (links.length) closeLink();

  const safeLang = /^[a-z]{2}$/.test(lang) ? lang : 'de';
  return (
    `<!doctype html><html lang="${safeLang}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${ARCHIVED_MAIL_CSP}">` +
    `<meta name="referrer" content="no-referrer">` +
    `<style>${STYLE}</style></head><body>${out.join('')}</body></html>`
  );
}
