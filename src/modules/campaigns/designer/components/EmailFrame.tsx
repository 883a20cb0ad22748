import { useEffect, useMemo, useRef } from 'react';
import { splitInlineStyles } from '../utils/splitInlineStyles.ts';

/** Roughly what mail clients with a dark mode do to a light email. */
const DARK_CSS =
  'html{background:#111;filter:invert(1) hue-rotate(180deg)}img{filter:invert(1) hue-rotate(180deg)}';

/**
 * A rendered email in a sandboxed frame (no scripts; same origin only so the styles can be applied
 * through the CSSOM, see splitInlineStyles), at a given width, optionally in dark mode.
 */
export function EmailFrame({
  html,
  width,
  title,
  dark,
}: {
  html: string;
  width: number;
  title: string;
  dark: boolean;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const split = useMemo(() => splitInlineStyles(html), [html]);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const apply = () => {
      const doc = element.contentDocument;
      const view = element.contentWindow as (Window & typeof globalThis) | null;
      if (!doc || !view) return;
      for (const node of doc.querySelectorAll<HTMLElement>('[data-wb-style]')) {
        node.style.cssText = split.inline[Number(node.dataset.wbStyle)] ?? '';
      }
      try {
        const sheet = new view.CSSStyleSheet();
        sheet.replaceSync(`${split.css.replace(/@import[^;]+;/g, '')}\n${dark ? DARK_CSS : ''}`);
        doc.adoptedStyleSheets = [sheet];
      } catch {
        // A browser without constructable stylesheets shows the email with its inline styles only.
      }
    };
    element.addEventListener('load', apply);
    apply();
    return () => element.removeEventListener('load', apply);
  }, [split, dark]);
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={split.markup}
      width={width}
      height={720}
      referrerPolicy="no-referrer"
    />
  );
}
