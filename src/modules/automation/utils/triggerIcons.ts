import type { TriggerId } from '../../../../domain/workflowTypes.ts';

/** A 20 x 20 line icon (LineIcon path) for each trigger. */
export const TRIGGER_ICONS: Record<TriggerId, string> = {
  // email open: an open envelope
  7: 'M3 8.5 10 4l7 4.5V16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8.5Zm0 0 7 4.5 7-4.5',
  // email click: a pointer
  8: 'M7 3v9l2.5-2.2L11.5 14l1.8-.8-2-4.1H14L7 3Z',
  // email received: an envelope with a tick
  9: 'M3 5h14v10H3V5Zm0 0 7 5 7-5M12.5 13.5l1.5 1.5 3-3',
  // share profile: a person card
  10: 'M3 4h14v12H3V4Zm4 4.5a1.8 1.8 0 1 0 3.6 0 1.8 1.8 0 0 0-3.6 0ZM5.5 13.5c.6-1.5 1.8-2.2 3.3-2.2s2.7.7 3.3 2.2M13 8h2m-2 2.5h2',
  // email sequence: stacked envelopes
  11: 'M5 7h12v9H5V7Zm0 0 6 4 6-4M3 13V5h11',
  // subscribes to a list: a list with a plus
  14: 'M3 5h9M3 9h9M3 13h5M15 11v6m-3-3h6',
};
