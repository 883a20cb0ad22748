import { assetsTour } from './assetsTour.ts';
import { audiencesTour } from './audiencesTour.ts';
import { automationTour } from './automationTour.ts';
import { campaignAudienceTour } from './campaignAudienceTour.ts';
import { campaignsAndEmailsTour } from './campaignsAndEmailsTour.ts';
import { campaignsTour } from './campaignsTour.ts';
import { contentExplorerTour } from './contentExplorerTour.ts';
import { editionsTour } from './editionsTour.ts';
import type { TourDefinition } from './TourDefinition.ts';

/** Every area's tour, one per onboarding key. */
export const AREA_TOURS: readonly TourDefinition[] = [
  contentExplorerTour,
  campaignsTour,
  campaignsAndEmailsTour,
  editionsTour,
  assetsTour,
  campaignAudienceTour,
  audiencesTour,
  automationTour,
];

/** The tour of the page at this path, if its area has one. */
export function tourAt(pathname: string): TourDefinition | null {
  return AREA_TOURS.find((tour) => tour.matches(pathname)) ?? null;
}
