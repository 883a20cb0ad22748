import { vi } from 'vitest';
import type { RecipientDetails } from '../../../domain/preferenceSchemas.ts';
import type { PreferenceCallResult, PreferenceClient } from '../../../public-pages/preferenceClient.ts';

export const UUID = '5eedc0de-0001-4000-8000-000000000001';

export function recipient(overrides: Partial<RecipientDetails> = {}): RecipientDetails {
  return {
    success: true as const,
    status: 'True' as const,
    id: UUID,
    email: 'dana@example.com',
    unsub_all: '0' as const,
    marketing: '0' as const,
    webinars: '0' as const,
    alerts: [
      { name: 'Account alerts', status: '1' as const },
      { name: 'CxO alerts', status: '0' as const },
    ],
    news_letters: [{ id: 4, name: 'Weekly digest', status: '0' as const }],
    organisation_name: 'Northwind Analytics',
    logo_image_url: null,
    privacy_url: 'https://example.com/privacy',
    contact_url: 'https://example.com/contact',
    ...overrides,
  };
}

/** A stubbed preference client: every call is a spy; the answers are given by the test (null: unknown id). */
export function stubPreferenceClient(
  details: RecipientDetails | null | Promise<RecipientDetails | null>,
  result: PreferenceCallResult = { status: 'True', msg: 'ok' },
) {
  return {
    getRecipientDetails: vi.fn(async () => details),
    updatePreference: vi.fn(async () => result),
    unsubscribe: vi.fn(async () => result),
    resubscribe: vi.fn(async () => result),
    recordPageEvent: vi.fn(async () => ({ status: 'True', msg: 'The event was recorded.' })),
  } satisfies PreferenceClient;
}
