import { journeyTransport } from './journeyTransport.ts';
import { type JourneyApi, startJourney } from './startJourney.ts';

/**
 * /j/journey.js, the organisation's website tracking script (built by the public pages' build):
 * <script async src=".../j/journey.js" data-tid="TRACKING_ID"></script>; the site calls
 * window.wbJourney.consent(true | false).
 */
const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-tid][src*="/j/journey.js"]');
(window as Window & { wbJourney?: JourneyApi }).wbJourney = startJourney({
  window,
  script,
  send: journeyTransport,
});
