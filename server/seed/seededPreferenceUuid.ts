import { seededRandom } from './seededRandom.ts';
import { seededUuid } from './seededUuid.ts';

/**
 * The seeded unsubscribe id of a contact (not the demo contact, whose id is DEMO_PREFERENCE_UUID): a
 * random-looking version 4 UUID drawn from a generator named after the contact, so tests can name the
 * recipient of a given contact without reading the database.
 */
export function seededPreferenceUuid(contactId: number): string {
  return seededUuid(seededRandom(`preference-uuid:${contactId}`));
}
