import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import {
  forEachAnchor,
  safeHref,
  sanitiseRichText,
} from '../../../server/services/publish/render/sanitiseRichText.ts';

/**
 * The rich-text sanitiser against the payloads people use to slip script into HTML. Whatever goes in, what
 * comes out, read by a browser's parser (parse5, the HTML standard's parsing algorithm), holds only the designer's subset: p, h1-h3, strong, em,
 * u, s, a, ul, ol, li, br; no attribute but an <a>'s href; every href http(s), mailto or tel; no comment.
 * It is also stable: sanitising the result again changes nothing (a parse that differs the second time is
 * how mutation XSS gets through).
 */

const ALLOWED = new Set(['p', 'h1', 'h2', 'h3', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'br']);
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:)/i;

type ParsedNode = DefaultTreeAdapterMap['childNode'];

/** What a browser builds from the sanitised HTML that breaks the subset (empty when nothing does). */
function breaches(html: string): string[] {
  const found: string[] = [];
  const visit = (nodes: readonly ParsedNode[]) => {
    for (const node of nodes) {
      if (node.nodeName === '#comment') found.push('comment');
      if (!('tagName' in node)) continue;
      if (!ALLOWED.has(node.tagName) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
        found.push(`element ${node.tagName}`);
      }
      for (const attribute of node.attrs) {
        if (node.tagName !== 'a' || attribute.name !== 'href') found.push(`attribute ${attribute.name}`);
        else if (!SAFE_HREF.test(attribute.value)) found.push(`href ${attribute.value}`);
      }
      visit(node.childNodes);
      if (node.tagName === 'template') found.push('template');
    }
  };
  visit(parseFragment(html).childNodes);
  return found;
}

const PAYLOADS = [
  // javascript: and other schemes, however written
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt:alert(1)">a</a>',
  '<a href=" javascript:alert(1)">a</a>',
  "<a href='javascript:alert(1)'>a</a>",
  '<a href=javascript:alert(1)>a</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">a</a>',
  '<a href="javascript&#0000058;alert(1)">a</a>',
  '<a href="jav&#x09;ascript:alert(1)">a</a>',
  '<a href="jav&NewLine;ascript:alert(1)">a</a>',
  '<a href="java\u0000script:alert(1)">a</a>',
  '<a href="\u0001javascript:alert(1)">a</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<a href="//evil.test/x">a</a>',
  '<a href="https://ok.test"><a href="javascript:alert(1)">inner</a></a>',
  // event handlers and styles
  '<a href="https://ok.test" onclick="alert(1)" onmouseover=alert(1)>a</a>',
  '<p onmouseover="alert(1)" style="background:url(javascript:alert(1))">p</p>',
  '<img src=x onerror=alert(1)>',
  '<body onload=alert(1)>b',
  '<details open ontoggle=alert(1)>d</details>',
  '<a href="tel:+1" onfocus=alert(1) autofocus>call</a>',
  '<a href="https://ok.test" target="_blank" rel="opener">new tab</a>',
  // svg and math
  '<svg onload=alert(1)>s</svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">m</math>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  // entities
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&lt;img src=x onerror=alert(1)&gt;',
  '<p>&#60;script&#62;alert(1)&#60;/script&#62;</p>',
  // nested and broken markup
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<p title="</p><script>alert(1)</script>">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<a href="https://ok.test"><script>alert(1)</script>x</a>',
  '<style>@import "https://evil.test/x.css";</style>',
  '<base href="javascript:/"><a href="/x">rel</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object><embed src=javascript:alert(1)>',
  '<textarea><script>alert(1)</script></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><img src=x onerror=alert(1)></template>',
  '<select><option><img src=x onerror=alert(1)></option></select>',
  '<p>unclosed <strong>bold <em>both',
  `${'<p>'.repeat(500)}deep`,
];

describe('sanitiseRichText against XSS payloads', () => {
  it('checks with a parser that finds the payloads as they are (the check is not blind)', () => {
    expect(breaches('<img src=x onerror=alert(1)>')).toEqual([
      'element img',
      'attribute src',
      'attribute onerror',
    ]);
    expect(breaches('<a href="java&#x09;script:x">a</a><!--c--><svg></svg>')).toEqual([
      'href java\tscript:x',
      'comment',
      'element svg',
    ]);
  });

  it.each(PAYLOADS)('%s leaves only the subset, and stays as it is when sanitised again', (payload) => {
    const clean = sanitiseRichText(payload);
    expect(breaches(clean)).toEqual([]);
    // No tag carries a script scheme or a handler (escaped text may mention them: it is only text).
    expect(clean).not.toMatch(/<[^>]*(javascript|vbscript|data:|\son\w+\s*=)/i);
    expect(sanitiseRichText(clean)).toBe(clean);
  });

  it('keeps the text of what it drops, and none of the content of script-like elements', () => {
    expect(sanitiseRichText('<a href="jav&#x09;ascript:alert(1)">read</a> on')).toBe('read on');
    expect(sanitiseRichText('<svg onload=alert(1)>s</svg>')).toBe('s');
    expect(sanitiseRichText('&lt;img src=x onerror=alert(1)&gt;')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(sanitiseRichText('<a href="https://ok.test" onclick="alert(1)">a</a>')).toBe(
      '<a href="https://ok.test">a</a>',
    );
    expect(sanitiseRichText('<textarea><script>alert(1)</script></textarea>after')).toBe('after');
    expect(sanitiseRichText('<template><p>hidden</p></template>shown')).toBe('shown');
  });

  it('keeps exactly what the designer writes', () => {
    const designer =
      '<h1>T</h1><h2>S</h2><h3>s</h3><p>Hi {{first_name|there}}, <strong>b</strong> <em>i</em> <u>u</u> <s>s</s>' +
      '<br /><a href="https://a.test/?x=1&amp;y=2">web</a> <a href="mailto:a@b.test">mail</a> ' +
      '<a href="tel:+441234">call</a></p><ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>';
    expect(sanitiseRichText(designer)).toBe(designer);
  });
});

describe('safeHref and forEachAnchor', () => {
  it('reads character references before checking the scheme', () => {
    expect(safeHref('&#106;avascript:alert(1)')).toBeNull();
    expect(safeHref('java\tscript:x')).toBeNull();
    expect(safeHref('https://a.test/?a=1&amp;b=2')).toBe('https://a.test/?a=1&b=2');
    expect(safeHref('https://a.test/?a=1&copy=2')).toBe('https://a.test/?a=1&copy=2');
    expect(safeHref('#')).toBeNull();
  });

  it('visits every link the rich text shows, not those inside content never shown', () => {
    const seen: (string | undefined)[] = [];
    forEachAnchor(
      '<p><a href="https://a.test">a</a><a>none</a></p><script><a href="https://hidden.test">h</a></script>' +
        '<a href="javascript:x">j</a>',
      (href) => seen.push(href),
    );
    expect(seen).toEqual(['https://a.test', undefined, 'javascript:x']);
  });
});
