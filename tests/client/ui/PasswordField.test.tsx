import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from '../../../src/ui/PasswordField.tsx';
import { TextField } from '../../../src/ui/TextField.tsx';

describe('form fields', () => {
  it('a text field has a real label and announces its error', () => {
    render(<TextField label="Email" error="Email is required." value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0] ?? '')?.textContent).toBe('Email is required.');
  });

  it('the password field shows and hides the password with a pressed-state button', () => {
    render(<PasswordField label="Password" value="secret-123" onChange={() => {}} />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});
