import type { EmailDesign } from '../../../domain/emailDesign.ts';
import { type Brand, defaultDesign, type EditionRow, storedDesign } from './designQueries.ts';

/** The design an edition shows: its saved one, else the default template in the organisation's brand. */
export function editionDesign(edition: EditionRow, brand: Brand): EmailDesign {
  return storedDesign(edition.design) ?? defaultDesign(brand, edition.email_type === 0);
}
