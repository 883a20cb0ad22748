import { describe, expect, it } from 'vitest';
import { readRecipientDetails } from '../../../public-pages/preferenceClient.ts';
import { readPublicPageData, serializePublicPageData } from '../../../public-pages/publicPageData.ts';
import { recipient } from './stubPreferenceClient.ts';

describe('the page data the server writes for hydration', () => {
  it('cannot close its script element, and reads back the same', () => {
    const data = {
      details: recipient({ email: '</script><script>alert(1)</script>&\u2028' }),
      notice: null,
      formError: null,
    };
    const text = serializePublicPageData(data);
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<');
    document.body.innerHTML = `<script id="pp-data" type="application/json">${text}</script>`;
    expect(readPublicPageData(document)).toEqual(data);
  });

  it('is null when absent or unreadable', () => {
    document.body.innerHTML = '';
    expect(readPublicPageData(document)).toBeNull();
    document.body.innerHTML = '<script id="pp-data" type="application/json">{oops</script>';
    expect(readPublicPageData(document)).toBeNull();
  });
});

describe('readRecipientDetails', () => {
  it('keeps a record and treats anything else as an unknown id', () => {
    expect(readRecipientDetails(recipient())).toEqual(recipient());
    expect(
      readRecipientDetails({ success: false, status: 'False', msg: 'This link is not valid.' }),
    ).toBeNull();
    expect(readRecipientDetails({ status: 'True', id: 'x' })).toBeNull();
    expect(readRecipientDetails(null)).toBeNull();
  });
});
