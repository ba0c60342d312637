import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../lib/mail-layout.ts';
import { ARCHIVED_MAIL_CSP, decodeEntities, neutraliseHtml } from './mail-html.ts';

const labels = { image: (alt: string) => `[Image not loaded: ${alt}]`, imageWithoutAlt: '[Image not loaded]' };

/** The part of the output made from the mail (our own head with its style and CSP left out). */
const bodyOf = (html: string) => {
  const doc = neutraliseHtml(html, labels, 'en');
  return doc.slice(doc.indexOf('<body>') + 6, doc.lastIndexOf('</body>'));
};

/** Everything that could run, load or navigate, in any spelling. */
const DANGER =
  /<\s*(script|style|iframe|frame|object|embed|img|svg|math|form|input|button|link|meta|base|a|video|audio|source)\b|\son[a-z]+\s*=|href|src\s*=|srcset|javascript:|vbscript:|data:|url\s*\(|expression\s*\(|@import/i;

/** The markup of an output (its tags), where anything that runs, loads or navigates would have to be. */
const tagsOf = (body: string) => [...body.matchAll(/<[^>]*>/g)].map((m) => m[0]).join('');

/** Tags the neutraliser may write (its allow-list plus the spans it makes itself). */
const WRITTEN_TAGS = new Set(
  'p div span br hr h1 h2 h3 h4 h5 h6 strong b em i u s small sub sup ul ol li dl dt dd table thead tbody tfoot tr td th caption colgroup col blockquote pre code center font address section article header footer main'.split(
    ' ',
  ),
);
const WRITTEN_ATTRS = new Set(
  'style align valign width height colspan rowspan border cellpadding cellspacing bgcolor color dir lang class'.split(' '),
);

/** Every tag of the output is allowed and every attribute is allowed and quoted. */
function assertOnlyAllowedMarkup(body: string) {
  for (const m of body.matchAll(/<\/?([^\s>/]*)([^>]*)>/g)) {
    expect(WRITTEN_TAGS.has(m[1]!), `tag <${m[1]}> in ${body}`).toBe(true);
    const attrs = m[2]!.trim();
    if (!attrs) continue;
    for (const a of attrs.matchAll(/([^\s=]+)="([^"]*)"/g)) expect(WRITTEN_ATTRS.has(a[1]!), `attribute ${a[1]}`).toBe(true);
    expect(attrs.replace(/([^\s=]+)="([^"]*)"/g, '').trim(), `unquoted rest in <${m[1]}${m[2]}>`).toBe('');
  }
  // No stray `<` that a browser could read as a tag: every `<` opens one of ours.
  expect(body.replace(/<\/?[a-z0-9]+(\s[^>]*)?>/g, '')).not.toContain('<');
}

describe('neutraliseHtml', () => {
  it('turns links into text with their masked target, keeps the mail’s look, and carries its own CSP', () => {
    const { html } = renderMail({
      lang: 'de',
      appName: 'Yoga Zürich',
      greeting: 'Hallo Anna',
      paragraphs: ['Danke für Ihre Bestellung.'],
      action: { label: 'Bestellung ansehen', url: 'http://localhost:3000/de/shop/3/order/9?token=Ab3dEf6hIj9kLm2nOp5qRs' },
    });
    const doc = neutraliseHtml(html, labels, 'de');
    expect(doc.startsWith('<!doctype html><html lang="de"><head><meta charset="utf-8">')).toBe(true);
    expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="${ARCHIVED_MAIL_CSP}">`);
    expect(ARCHIVED_MAIL_CSP).toContain("default-src 'none'");
    const body = doc.slice(doc.indexOf('<body>') + 6, doc.lastIndexOf('</body>'));
    expect(body).toContain('<p style="font-size:15px;line-height:1.5">Hallo Anna</p>');
    expect(body).toContain(
      '<span class="bookla-link">Bestellung ansehen</span> <span class="bookla-link-target">[http://localhost:3000/de/shop/3/order/9?token=•••]</span>',
    );
    expect(body).not.toContain('Ab3dEf6hIj9kLm2nOp5qRs');
    expect(tagsOf(body)).not.toMatch(DANGER);
    assertOnlyAllowedMarkup(body);
  });

  it('shows no target beside a link whose label is its address, and none for script or data links', () => {
    expect(bodyOf('<a href="https://a.example/x">https://a.example/x</a>')).toBe('<span class="bookla-link">https://a.example/x</span>');
    expect(bodyOf('<a href="jav&#x09;ascript:alert(1)">go</a>')).toBe('<span class="bookla-link">go</span>');
    expect(bodyOf('<a href="data:text/html,<script>alert(1)</script>">go</a>')).toBe('<span class="bookla-link">go</span>');
    expect(bodyOf('<a href="mailto:info@yoga.example?subject=x">write</a>')).toBe(
      '<span class="bookla-link">write</span> <span class="bookla-link-target">[mailto:info@yoga.example]</span>',
    );
    // An unclosed link is closed at the end.
    expect(bodyOf('<a href="https://a.example/">open')).toBe(
      '<span class="bookla-link">open</span> <span class="bookla-link-target">[https://a.example/]</span>',
    );
  });

  it('drops scripts, styles, frames and svg with their content; keeps the text of unknown tags', () => {
    expect(bodyOf('a<script>alert(1)</script>b<style>p{color:red}</style>c<iframe src=x>inner</iframe>d')).toBe('abcd');
    expect(bodyOf('a<svg><a href="https://x"><text>svg text</text></a><svg>nested</svg></svg>b')).toBe('ab');
    expect(bodyOf('a<head><title>t</title><meta http-equiv="refresh" content="0;url=https://x"></head>b')).toBe('ab');
    expect(bodyOf('<custom-tag data-x="1">kept</custom-tag><form action="https://x"><input name="q">text</form>')).toBe('kepttext');
    expect(bodyOf('before<script>never closed')).toBe('before');
    expect(bodyOf('<!-- <script>alert(1)</script> -->after')).toBe('after');
    expect(bodyOf('<![CDATA[x]]>y')).toBe('y');
  });

  it('drops event handlers, unsafe styles and attributes; replaces images by a note', () => {
    expect(bodyOf('<p onclick="x()" style="color:#333;background:url(https://t.example/a.gif);width:expression(alert(1))">t</p>')).toBe(
      '<p style="color:#333">t</p>',
    );
    expect(bodyOf('<td width="50%" bgcolor="#fff" onmouseover=x background="https://t.example/b.png">c</td>')).toBe(
      '<td width="50%" bgcolor="#fff">c</td>',
    );
    expect(bodyOf('<img src="https://tracker.example/open.gif?u=1" alt="Logo"><img src=x onerror=alert(1)>')).toBe(
      '<span class="bookla-image">[Image not loaded: Logo]</span><span class="bookla-image">[Image not loaded]</span>',
    );
    expect(bodyOf('<div style="behavior:url(x.htc);-moz-binding:url(y)">d</div>')).toBe('<div>d</div>');
  });

  it('escapes text again: encoded markup stays text', () => {
    expect(bodyOf('&lt;script&gt;alert(1)&lt;/script&gt; &amp; 5 &#x3c; 6')).toBe(
      '&#60;script&#62;alert(1)&#60;/script&#62; &#38; 5 &#60; 6',
    );
    expect(bodyOf('1 < 2 and <3')).toBe('1 &#60; 2 and &#60;3');
    expect(bodyOf('<p title="a&quot;><script>alert(1)</script>">x</p>')).toBe('<p>x</p>');
    expect(tagsOf(bodyOf('<p style=\'color:red"onmouseover="x\'>x</p>'))).not.toMatch(DANGER);
  });

  it('masks secrets in the text and in alt texts', () => {
    expect(bodyOf('Link: https://a.example/reset/password/tok123/anna@example.com')).toBe(
      'Link: https://a.example/reset/password/•••/anna@example.com',
    );
    expect(bodyOf('<img alt="https://a.example/?token=abc">')).toContain('?token=•••');
  });

  it('writes only allowed markup for hostile and random input', () => {
    const hostile = [
      '<scr<script>ipt>alert(1)</scr</script>ipt>',
      '<a href="https://x"<img src=x onerror=alert(1)>>',
      '<p <script>alert(1)</script>>',
      '<div style="color:red;" style="background:url(x)">x</div>',
      '<IMG SRC=JaVaScRiPt:alert(1)>',
      '<a\nhref\n=\n"javascript:alert(1)">x</a>',
      '<p/onclick=alert(1)>x',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<textarea></textarea><img src=x onerror=alert(1)>',
      '<plaintext><a href=https://x>',
      '"><img src=x onerror=alert(1)>',
      '<template><script>alert(1)</script></template>',
      '<body onload=alert(1) style="background:#fff">b</body>',
      '<table background="https://t/x.png"><tr><td style="background-image:url(https://t/y.png)">c</td></tr></table>',
      "<p style=\"font-family:'a\\'b'\">x</p>",
      '<</p>>',
      '<p\u0000onclick=alert(1)>x</p>',
    ];
    const alphabet = [
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      'a',
      'p',
      'img',
      'script',
      'href',
      'src',
      'onload',
      'style',
      ':',
      '(',
      ')',
      '&',
      '#',
      'x',
      '!',
      '-',
      '\n',
      'url',
      'javascript',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 400; n++) {
      let s = '';
      for (let k = 0; k < 40; k++) s += alphabet[Math.floor(random() * alphabet.length)];
      hostile.push(s);
    }
    for (const input of hostile) {
      const body = bodyOf(input);
      expect(tagsOf(body), input).not.toMatch(DANGER);
      assertOnlyAllowedMarkup(body);
    }
  });
});

describe('decodeEntities', () => {
  it('reads numeric and common named references; leaves unknown ones', () => {
    expect(decodeEntities('&lt;&#65;&#x42;&amp;&nbsp;&unknown;&#0;')).toBe('<AB&\u00a0&unknown;\ufffd');
  });
});
