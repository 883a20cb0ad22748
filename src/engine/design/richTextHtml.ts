import { decodeHtmlEntities } from '../../../domain/decodeHtmlEntities.ts';

/**
 * Rich text between the saved format (the sanitised HTML subset of EmailDesign) and ProseMirror JSON
 * (what y-prosemirror reads and writes in a Y.XmlFragment), without a DOM so the engine runs in Node:
 * a small tokenizer for the subset (anything else is dropped, its text kept) and a serialiser.
 */
export type PmMark = { type: string; attrs?: Record<string, unknown> };
export type PmNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: PmNode[];
  text?: string;
  marks?: PmMark[];
};

type HtmlNode = { tag: string; attrs: Record<string, string>; children: HtmlNode[] } | { text: string };

const VOID = new Set(['br', 'img', 'hr']);

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(/([a-zA-Z-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    attrs[(match[1] as string).toLowerCase()] = decodeHtmlEntities(
      match[3] ?? match[4] ?? match[5] ?? '',
      'attribute',
    );
  }
  return attrs;
}

function parseHtml(html: string): HtmlNode[] {
  const root: { tag: string; attrs: Record<string, string>; children: HtmlNode[] } = {
    tag: '#root',
    attrs: {},
    children: [],
  };
  const stack = [root];
  const tagPattern = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*?)(\/?)>|<!--[\s\S]*?-->/g;
  let last = 0;
  for (const match of html.matchAll(tagPattern)) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (match.index > last) top.children.push({ text: decodeHtmlEntities(html.slice(last, match.index)) });
    last = match.index + match[0].length;
    if (!match[2]) continue;
    const tag = match[2].toLowerCase();
    if (match[1]) {
      const at = stack.map((node) => node.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const node = { tag, attrs: parseAttrs(match[3] ?? ''), children: [] as HtmlNode[] };
    top.children.push(node);
    if (!VOID.has(tag) && !match[4]) stack.push(node);
  }
  if (last < html.length)
    (stack[stack.length - 1] as (typeof stack)[number]).children.push({
      text: decodeHtmlEntities(html.slice(last)),
    });
  return root.children;
}

const MARK_OF: Record<string, string> = {
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  u: 'underline',
  s: 'strike',
  del: 'strike',
  strike: 'strike',
};

function inlineOf(nodes: HtmlNode[], marks: PmMark[], out: PmNode[]): void {
  for (const node of nodes) {
    if ('text' in node) {
      const text = node.text.replace(/\s+/g, ' ');
      if (text) out.push(marks.length ? { type: 'text', text, marks } : { type: 'text', text });
      continue;
    }
    if (node.tag === 'br') {
      out.push({ type: 'hard_break' });
      continue;
    }
    const mark = MARK_OF[node.tag];
    if (mark)
      inlineOf(node.children, marks.some((m) => m.type === mark) ? marks : [...marks, { type: mark }], out);
    else if (node.tag === 'a')
      inlineOf(
        node.children,
        [...marks.filter((m) => m.type !== 'link'), { type: 'link', attrs: { href: node.attrs.href ?? '' } }],
        out,
      );
    else inlineOf(node.children, marks, out);
  }
}

function mergeText(nodes: PmNode[]): PmNode[] {
  const out: PmNode[] = [];
  for (const node of nodes) {
    const previous = out[out.length - 1];
    if (
      previous &&
      previous.type === 'text' &&
      node.type === 'text' &&
      JSON.stringify(previous.marks ?? []) === JSON.stringify(node.marks ?? [])
    ) {
      previous.text = `${previous.text}${node.text}`;
    } else out.push({ ...node });
  }
  // Trim the edges of a block's text.
  const first = out[0];
  if (first?.type === 'text') first.text = (first.text ?? '').replace(/^ +/, '');
  const final = out[out.length - 1];
  if (final?.type === 'text') final.text = (final.text ?? '').replace(/ +$/, '');
  return out.filter((node) => node.type !== 'text' || node.text);
}

function textBlock(type: string, children: HtmlNode[], attrs?: Record<string, unknown>): PmNode {
  const inline: PmNode[] = [];
  inlineOf(children, [], inline);
  const content = mergeText(inline);
  return { type, ...(attrs ? { attrs } : {}), ...(content.length ? { content } : {}) };
}

const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li']);

function blocksOf(nodes: HtmlNode[]): PmNode[] {
  const out: PmNode[] = [];
  let loose: HtmlNode[] = [];
  const flush = () => {
    if (loose.some((node) => !('text' in node) || node.text.trim())) out.push(textBlock('paragraph', loose));
    loose = [];
  };
  for (const node of nodes) {
    if ('text' in node || !BLOCK_TAGS.has(node.tag)) {
      loose.push(node);
      continue;
    }
    flush();
    const heading = /^h([1-6])$/.exec(node.tag);
    if (heading) out.push(textBlock('heading', node.children, { level: Math.min(3, Number(heading[1])) }));
    else if (node.tag === 'ul' || node.tag === 'ol') {
      const items = node.children
        .filter(
          (child): child is Extract<HtmlNode, { tag: string }> => !('text' in child) && child.tag === 'li',
        )
        .map((li) => {
          const content = blocksOf(li.children);
          return {
            type: 'list_item',
            content: content[0]?.type === 'paragraph' ? content : [{ type: 'paragraph' }, ...content],
          };
        });
      if (items.length)
        out.push({ type: node.tag === 'ul' ? 'bullet_list' : 'ordered_list', content: items });
    } else if (node.tag === 'li') out.push(...blocksOf(node.children));
    else {
      const inner = node.children.some((child) => !('text' in child) && BLOCK_TAGS.has(child.tag));
      if (inner) out.push(...blocksOf(node.children));
      else out.push(textBlock('paragraph', node.children));
    }
  }
  flush();
  return out;
}

/** The sanitised HTML subset as a ProseMirror doc (at least one paragraph). */
export function htmlToPmDoc(html: string): PmNode {
  const content = blocksOf(parseHtml(html.replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')));
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}

const MARK_TAG: Record<string, string> = { strong: 'strong', em: 'em', underline: 'u', strike: 's' };
const MARK_RANK = ['link', 'strong', 'em', 'underline', 'strike'];

function inlineHtml(node: PmNode): string {
  if (node.type === 'hard_break') return '<br>';
  if (node.type !== 'text') return '';
  let html = escapeText(node.text ?? '');
  const marks = [...(node.marks ?? [])].sort((a, b) => MARK_RANK.indexOf(b.type) - MARK_RANK.indexOf(a.type));
  for (const mark of marks) {
    if (mark.type === 'link') {
      const href = String(mark.attrs?.href ?? '')
        .replace(/&/g, '&amp;')
        .replace(/"/g, '&quot;');
      html = `<a href="${href}">${html}</a>`;
    } else if (MARK_TAG[mark.type]) html = `<${MARK_TAG[mark.type]}>${html}</${MARK_TAG[mark.type]}>`;
  }
  return html;
}

function blockHtml(node: PmNode): string {
  const inner = (node.content ?? [])
    .map((child) =>
      child.type === 'text' || child.type === 'hard_break' ? inlineHtml(child) : blockHtml(child),
    )
    .join('');
  switch (node.type) {
    case 'paragraph':
      return `<p>${inner}</p>`;
    case 'heading':
      return `<h${Math.min(3, Math.max(1, Number(node.attrs?.level ?? 2)))}>${inner}</h${Math.min(3, Math.max(1, Number(node.attrs?.level ?? 2)))}>`;
    case 'bullet_list':
      return `<ul>${inner}</ul>`;
    case 'ordered_list':
      return `<ol>${inner}</ol>`;
    case 'list_item':
      return `<li>${inner}</li>`;
    default:
      return inner;
  }
}

/** A ProseMirror doc as the sanitised HTML subset. An empty doc (one empty paragraph) is "". */
export function pmDocToHtml(doc: PmNode): string {
  const blocks = doc.content ?? [];
  if (blocks.length === 1 && blocks[0]?.type === 'paragraph' && !(blocks[0].content ?? []).length) return '';
  return blocks.map(blockHtml).join('');
}
