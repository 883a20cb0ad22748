const REFERENCE = /&#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));/g;

const isSurrogate = (codePoint: number) => codePoint >= 0xd800 && codePoint <= 0xdfff;
const isHighSurrogate = (codePoint: number) => codePoint >= 0xd800 && codePoint <= 0xdbff;
const isLowSurrogate = (codePoint: number) => codePoint >= 0xdc00 && codePoint <= 0xdfff;

/**
 * Decodes decimal and hexadecimal numeric character references for display ("&#128512;" and "&#x1F600;"
 * -> 😀). A surrogate pair written as two references (as some older senders do) becomes one character.
 * Invalid references (zero, above U+10FFFF, lone surrogates, no closing ";") are left exactly as they are.
 * Named references (&amp;) are not touched: this is not an HTML parser.
 */
export function decodeNumericReferences(text: string): string {
  const matches = [...text.matchAll(REFERENCE)];
  if (matches.length === 0) return text;
  let out = '';
  let last = 0;
  for (let i = 0; i < matches.length; i += 1) {
    const match = matches[i]!;
    const start = match.index ?? 0;
    const codePoint = Number.parseInt(match[1] ?? match[2] ?? '', match[1] ? 10 : 16);
    out += text.slice(last, start);
    last = start + match[0].length;
    const next = matches[i + 1];
    if (isHighSurrogate(codePoint) && next && next.index === last) {
      const low = Number.parseInt(next[1] ?? next[2] ?? '', next[1] ? 10 : 16);
      if (isLowSurrogate(low)) {
        out += String.fromCharCode(codePoint, low);
        last += next[0].length;
        i += 1;
        continue;
      }
    }
    const valid = codePoint > 0 && codePoint <= 0x10ffff && !isSurrogate(codePoint);
    out += valid ? String.fromCodePoint(codePoint) : match[0];
  }
  return out + text.slice(last);
}
