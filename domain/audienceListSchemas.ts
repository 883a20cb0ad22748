import { z } from 'zod';
import { nameText } from './nameText.ts';
import { limitField, offsetField, positiveIdField, wholeNumberField } from './wholeNumberField.ts';
import { searchFieldSchema } from './workflowFormFields.ts';

/**
 * Form payloads of the audience service's list calls (lists_listing/, create_list/, rename_list/,
 * clone_list/, delete_list/, list_details/). Shared by the server (validation, OpenAPI) and the client.
 */

export const MAX_LIST_NAME = 120;
/** A list's contacts come 10 a page, profiled and non-profiled alike (the lists' page size). */
export const LIST_CONTACTS_PAGE_SIZE = 10;
export const LIST_NAME_EXISTS = 'List with that name already exists';

/** A list name: trimmed, inner runs of white space made one space, 1 to 120 characters. */
export const listNameSchema = (field = 'list_name') =>
  nameText(field).pipe(
    z
      .string()
      .min(1, 'Give the list a name.')
      .max(MAX_LIST_NAME, `A list name is at most ${MAX_LIST_NAME} characters.`),
  );

export const listsListingQuerySchema = z.object({
  offset: offsetField(),
  limit: limitField(100, 8),
  search_word: searchFieldSchema('search_word'),
});

export const createListBodySchema = z.object({ list_name: listNameSchema() });
export const renameListBodySchema = z.object({
  list_id: positiveIdField('list_id'),
  list_name: listNameSchema(),
});
export const listIdBodySchema = z.object({ list_id: positiveIdField('list_id') });

export const LIST_CONTACT_KINDS = ['profiled', 'unprofiled'] as const;
export type ListContactKind = (typeof LIST_CONTACT_KINDS)[number];

export const listDetailsQuerySchema = z.object({
  list_id: positiveIdField('list_id'),
  /** Which half to page; without it both first pages come back. */
  kind: z.enum(LIST_CONTACT_KINDS, { error: 'kind must be profiled or unprofiled.' }).optional(),
  offset: offsetField(),
  /** Default: LIST_CONTACTS_PAGE_SIZE. */
  limit: wholeNumberField('limit', { min: 1, max: 100 }).optional(),
});
