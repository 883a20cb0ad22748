/**
 * The workbench's Content-Security-Policy allows no inline style, and a srcdoc frame inherits it, while
 * rendered email is all inline styles. So the preview takes the styles out of the markup (parsed inert by
 * DOMParser): <style> elements become one stylesheet text and each style attribute is kept by a
 * data-wb-style index; EmailFrame then applies them through the CSSOM (a constructed stylesheet and
 * element.style), which the policy does not govern. No script runs in the frame (sandboxed, no allow-scripts).
 */
export type SplitEmail = { markup: string; css: string; inline: string[] };

export function splitInlineStyles(html: string): SplitEmail {
  // Renamed before parsing: even an inert parse reports each style attribute to the page's policy.
  const css: string[] = [];
  const source = html
    .replace(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi, (_whole, text: string) => {
      css.push(text);
      return '';
    })
    .replace(/(<[a-zA-Z][^<>]*?\s)style\s*=/g, '$1data-wb-css=');
  const doc = new DOMParser().parseFromString(source, 'text/html');
  for (const element of [...doc.querySelectorAll('script, link[rel="stylesheet"], base, style')])
    element.remove();
  const inline: string[] = [];
  for (const element of [...doc.querySelectorAll('[data-wb-css]')]) {
    element.setAttribute('data-wb-style', String(inline.length));
    inline.push(element.getAttribute('data-wb-css') ?? '');
    element.removeAttribute('data-wb-css');
  }
  return { markup: `<!doctype html>${doc.documentElement.outerHTML}`, css: css.join('\n'), inline };
}
