import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { Db } from '../../db/Db.ts';
import { type Brand, type EditionRow, organisationDefaultDesign, storedDesign } from './designQueries.ts';

/** The design an edition shows: its saved one, else the organisation's default template in its brand. */
export async function editionDesign(db: Db, edition: EditionRow, brand: Brand): Promise<EmailDesign> {
  const saved = storedDesign(edition.design);
  if (saved) return saved;
  return (await organisationDefaultDesign(db, edition.org_id, brand, edition.email_type === 0)).design;
}
