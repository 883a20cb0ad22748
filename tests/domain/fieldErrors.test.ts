import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from '../../domain/authSchemas.ts';
import { validateFields } from '../../domain/fieldErrors.ts';

describe('validateFields', () => {
  it('returns the parsed data when valid', () => {
    expect(validateFields(loginSchema, { email: ' a@b.test ', password: 'x' })).toEqual({
      ok: true,
      data: { email: 'a@b.test', password: 'x' },
    });
  });

  it('returns the first message of each invalid field', () => {
    const result = validateFields(signupSchema, {
      first_name: '',
      last_name: 'L',
      email: 'nope',
      password: 'short',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      first_name: 'First name is required.',
      email: 'Enter a valid email address.',
      password: 'Password must be at least 8 characters.',
    });
  });
});
