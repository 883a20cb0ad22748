import { describe, expect, it } from 'vitest';
import { fillMergeFields, MERGE_FIELDS, mergeFieldToken } from '../../domain/mergeFields.ts';

describe('merge field tokens (the designer’s field picker)', () => {
  it('writes {{name}} or {{name|fallback}}, which the send fills per recipient', () => {
    expect(mergeFieldToken('first_name')).toBe('{{first_name}}');
    expect(mergeFieldToken('first_name', '  dear   reader ')).toBe('{{first_name|dear reader}}');
    const text = `Hi ${mergeFieldToken('first_name', 'there')} at ${mergeFieldToken('company')}`;
    expect(fillMergeFields(text, { first_name: 'Ada', company: 'Engines' })).toBe('Hi Ada at Engines');
    expect(fillMergeFields(text, {})).toBe('Hi there at ');
  });

  it('keeps braces and bars out of a fallback, so the field cannot end early', () => {
    const token = mergeFieldToken('last_name', 'x}} {{email|y');
    expect(token).toBe('{{last_name|x email y}}');
    expect(fillMergeFields(token, {})).toBe('x email y');
  });

  it('lists every field the send fills', () => {
    for (const field of MERGE_FIELDS) {
      expect(fillMergeFields(mergeFieldToken(field.name), { [field.name]: field.example })).toBe(
        field.example,
      );
    }
  });
});
