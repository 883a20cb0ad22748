import { describe, expect, it } from 'vitest';
import { decodeNumericReferences } from '../../domain/decodeNumericReferences.ts';
import { encodeEmojiReferences } from '../../domain/encodeEmojiReferences.ts';

describe('encodeEmojiReferences', () => {
  it('writes an astral emoji as one decimal reference, not a surrogate pair', () => {
    expect(encodeEmojiReferences('😀')).toBe('&#128512;');
    expect(encodeEmojiReferences('Hi 😀 there 🚀!')).toBe('Hi &#128512; there &#128640;!');
  });

  it('encodes pictographs of the BMP and the glue of emoji sequences', () => {
    expect(encodeEmojiReferences('I ❤️ it')).toBe('I &#10084;&#65039; it');
    expect(encodeEmojiReferences('👍🏽')).toBe('&#128077;&#127997;');
    expect(encodeEmojiReferences('👩‍💻')).toBe('&#128105;&#8205;&#128187;');
    expect(encodeEmojiReferences('🇫🇷')).toBe('&#127467;&#127479;');
  });

  it('leaves plain text untouched, including accents, CJK, ampersands and references', () => {
    const plain = 'Café – déjà vu, 東京 & co. 100% #1 *new* &#38; &amp;';
    expect(encodeEmojiReferences(plain)).toBe(plain);
    expect(encodeEmojiReferences('')).toBe('');
  });
});

describe('decodeNumericReferences', () => {
  it('decodes decimal and hexadecimal references', () => {
    expect(decodeNumericReferences('&#128512;')).toBe('😀');
    expect(decodeNumericReferences('&#x1F600; and &#X1f680;')).toBe('😀 and 🚀');
    expect(decodeNumericReferences('Tom &#38; Jerry')).toBe('Tom & Jerry');
  });

  it('joins a surrogate pair written as two references', () => {
    expect(decodeNumericReferences('&#55357;&#56832;')).toBe('😀');
  });

  it('leaves invalid references exactly as they are', () => {
    for (const invalid of [
      '&#0;',
      '&#1114112;',
      '&#x110000;',
      '&#55357;',
      '&#56832;x',
      '&#128512',
      '&#;',
      '&#xZZ;',
      '&#12345678;',
      '&amp;',
    ]) {
      expect(decodeNumericReferences(invalid)).toBe(invalid);
    }
    expect(decodeNumericReferences('a &#55357; b &#128512; c')).toBe('a &#55357; b 😀 c');
  });

  it('leaves plain text untouched', () => {
    expect(decodeNumericReferences('Quarterly update: 3 new reports')).toBe(
      'Quarterly update: 3 new reports',
    );
  });
});

describe('emoji round trip', () => {
  it.each([
    'Hi 😀 there',
    'Launch 🚀🚀🚀 today',
    '👩‍💻 Dev news ❤️ and 👍🏽',
    'Flags 🇫🇷🇩🇪 and keycap 1️⃣',
    'No emoji at all, just text & symbols: #1 *',
    '',
  ])('%s', (text) => {
    expect(decodeNumericReferences(encodeEmojiReferences(text))).toBe(text);
  });
});
