import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { LINK_TARGET_INVALID, LINK_TARGET_REQUIRED, linkTarget } from '../../../domain/linkTarget.ts';
import { findMissingLink } from '../../../src/engine/design/findMissingLink.ts';
import { insertText } from '../../../src/engine/design/insertText.ts';
import { htmlToPmDoc, pmDocToHtml } from '../../../src/engine/design/richTextHtml.ts';
import { linkAt, removeLink, setLink } from '../../../src/engine/design/richTextLink.ts';
import { richTextSchema } from '../../../src/engine/design/richTextSchema.ts';
import { sampleDesign } from './designFixtures.ts';

/** An editor state of the html with the text between the two offsets of `text` selected. */
function stateOf(html: string, select?: string | number) {
  const doc = richTextSchema.nodeFromJSON(htmlToPmDoc(html));
  const state = EditorState.create({ schema: richTextSchema, doc });
  if (select === undefined) return state;
  let from = -1;
  let to = -1;
  doc.descendants((node, pos) => {
    if (from >= 0 || !node.isText) return;
    if (typeof select === 'number') return;
    const at = node.text?.indexOf(select) ?? -1;
    if (at >= 0) {
      from = pos + at;
      to = from + select.length;
    }
  });
  if (typeof select === 'number') {
    from = select;
    to = select;
  }
  return state.apply(state.tr.setSelection(TextSelection.create(doc, from, to)));
}

function run(
  state: EditorState,
  command: (s: EditorState, d?: (tr: import('prosemirror-state').Transaction) => void) => boolean,
) {
  let next = state;
  const done = command(state, (tr) => {
    next = state.apply(tr);
  });
  return { done, html: pmDocToHtml(next.doc.toJSON()), state: next };
}

describe('link targets', () => {
  it('keeps web, mail and phone addresses and completes bare ones', () => {
    expect(linkTarget(' https://example.com/a?b=1 ')).toEqual({
      ok: true,
      href: 'https://example.com/a?b=1',
    });
    expect(linkTarget('example.com/offer')).toEqual({ ok: true, href: 'https://example.com/offer' });
    expect(linkTarget('ana@example.com')).toEqual({ ok: true, href: 'mailto:ana@example.com' });
    expect(linkTarget('mailto:ana@example.com')).toEqual({ ok: true, href: 'mailto:ana@example.com' });
    expect(linkTarget('tel:+44-20-7946-0000')).toEqual({ ok: true, href: 'tel:+44-20-7946-0000' });
  });

  it('refuses empty, unsafe and malformed targets with a message', () => {
    expect(linkTarget('   ')).toEqual({ ok: false, message: LINK_TARGET_REQUIRED });
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'ftp://x.org',
      'https://',
      'not a link',
      'localhost:3000',
      'mailto:nobody',
    ])
      expect(linkTarget(bad), bad).toEqual({ ok: false, message: LINK_TARGET_INVALID });
  });
});

describe('link commands', () => {
  it('links the selected words, and the saved HTML carries the target', () => {
    const { done, html } = run(
      stateOf('<p>Read our offer today</p>', 'our offer'),
      setLink('https://example.com/o'),
    );
    expect(done).toBe(true);
    expect(html).toBe('<p>Read <a href="https://example.com/o">our offer</a> today</p>');
  });

  it('finds the whole link under the cursor, changes its target, and removes it', () => {
    const start = stateOf('<p>Go <a href="https://old.test/">to the <strong>shop</strong></a> now</p>');
    // The cursor inside "the" (position: paragraph start 1 + "Go to t").
    const cursor = start.apply(start.tr.setSelection(TextSelection.create(start.doc, 8)));
    expect(linkAt(cursor)).toEqual({ from: 4, to: 15, href: 'https://old.test/' });
    const changed = run(cursor, setLink('https://new.test/'));
    expect(linkAt(changed.state)).toEqual({ from: 4, to: 15, href: 'https://new.test/' });
    // (The serialiser closes and reopens the <a> around the bold word: the same link either way.)
    expect(changed.html.replaceAll('</a><a href="https://new.test/">', '')).toBe(
      '<p>Go <a href="https://new.test/">to the <strong>shop</strong></a> now</p>',
    );
    const removed = run(changed.state, removeLink);
    expect(removed.done).toBe(true);
    expect(removed.html).toBe('<p>Go to the <strong>shop</strong> now</p>');
    expect(linkAt(removed.state)).toBeNull();
    expect(run(removed.state, removeLink).done).toBe(false);
  });

  it('with the cursor outside any link, inserts the address as linked text', () => {
    const state = stateOf('<p>Write to us at</p>', 15); // the end of the paragraph's text
    const { html } = run(state, setLink('mailto:ana@example.com'));
    expect(html).toBe('<p>Write to us at<a href="mailto:ana@example.com">ana@example.com</a></p>');
  });

  it('never sets an empty target; a link without one still raises the missing-link error on save', () => {
    const state = stateOf('<p>Read our offer</p>', 'offer');
    expect(run(state, setLink('')).done).toBe(false);
    const design = sampleDesign();
    const withEmpty = design.blocks.map((block) =>
      block.kind === 'text' ? { ...block, html: '<p>Read <a href="">our offer</a></p>' } : block,
    );
    expect(findMissingLink({ ...design, blocks: withEmpty })).toBe('t1');
    const linked = run(state, setLink('https://example.com/o')).html;
    const fixed = design.blocks.map((block) => (block.kind === 'text' ? { ...block, html: linked } : block));
    expect(findMissingLink({ ...design, blocks: fixed })).toBeNull();
  });
  it('a personal field goes in where the cursor is, over a selection, in the marks there', () => {
    const over = run(stateOf('<p>Hi <strong>you</strong>!</p>', 'you'), insertText('{{first_name|there}}'));
    expect(over.html).toBe('<p>Hi <strong>{{first_name|there}}</strong>!</p>');
    expect(run(stateOf('<p>Hi!</p>', 3), insertText(' {{company}}')).html).toBe('<p>Hi {{company}}!</p>');
    expect(insertText('')(stateOf('<p>Hi</p>'))).toBe(false);
  });
});
