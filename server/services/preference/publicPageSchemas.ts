import { z } from 'zod';

/** What the recipients' public pages take in (their paths, queries and plain form posts) and say. */
export const NOTHING_CHOSEN_MESSAGE =
  'Choose at least one kind of email to keep receiving, or tick Unsubscribe All, then press Submit.';

export const ROOT_ELEMENT = '<div id="root"></div>';

/** A plain form post: every field a text, or a list of texts for a repeated name. */
export const postedFieldsSchema = z.record(
  z.string().max(100),
  z.union([z.string().max(200), z.array(z.string().max(200)).max(200)], {
    error: 'Each form field must be text.',
  }),
  { error: 'The form could not be read.' },
);

export const pageParams = z.object({ id: z.string().max(200) });
export const formQuery = z.object({ submitted: z.string().max(10).optional() }).passthrough();
export const resubscribeQuery = z.object({ resubscribed: z.string().max(10).optional() }).passthrough();
