import { describe, expect, it } from 'vitest';
import { buildCanvasModel, TRIGGER_NODE_ID } from '../../../src/engine/buildCanvasModel.ts';
import { EMPTY_META } from '../../../src/engine/workflowDoc.ts';
import { triggerSubjectLabel } from '../../../src/modules/automation/utils/triggerSubjectLabel.ts';
import { sampleFlow } from '../../engine/workflowFixtures.ts';

describe('triggerSubjectLabel (trigger card, builder header, list row)', () => {
  it('names the email, the list or the share profile; never a uuid', () => {
    expect(triggerSubjectLabel({ email_name: 'Welcome' })).toBe('Welcome');
    expect(triggerSubjectLabel({ list_name: 'Engaged' })).toBe('Engaged');
    expect(triggerSubjectLabel({ sp_uuid: '5f0c2a8e-1111', sp_name: 'Sales profile' })).toBe('Sales profile');
    expect(triggerSubjectLabel({ sp_uuid: '5f0c2a8e-1111', sp_name: null })).toBe('Share profile');
    expect(triggerSubjectLabel({})).toBeNull();
  });

  it('the trigger card of the canvas carries the share profile name from the workflow', () => {
    const meta = {
      ...EMPTY_META,
      trigger_id: 10 as const,
      trigger_name: 'Share profile',
      sp_uuid: '5f0c2a8e-1111',
      sp_name: 'Sales profile',
    };
    const model = buildCanvasModel(sampleFlow(), { meta });
    const trigger = model.nodes.find((node) => node.id === TRIGGER_NODE_ID);
    if (trigger?.data.kind !== 'trigger') throw new Error('no trigger node');
    expect(triggerSubjectLabel(trigger.data.trigger)).toBe('Sales profile');
  });
});
