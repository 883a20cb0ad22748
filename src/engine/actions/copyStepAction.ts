import { copyNode } from '../commands/copyNode.ts';
import { type BuilderAction, stepOf } from './BuilderAction.ts';
import { withModifier } from './EditorAction.ts';

/** Copy: the step alone (an If / Else with empty branches) into this tab's clipboard (Ctrl/Cmd+C). */
export const copyStepAction: BuilderAction = {
  id: 'copy',
  label: 'Copy',
  surfaces: ['nodeMenu'],
  keyTest: (press) =>
    withModifier(press) && press.key.toLowerCase() === 'c' && !press.shiftKey && !press.textSelected,
  shortcuts: ['Mod+C'],
  keepsDefault: true,
  isEnabled: (host, target) => stepOf(host, target) !== null,
  perform: (host, target) => {
    if (target.nodeId === null) return;
    const copied = copyNode(host.draft.doc, { nodeId: target.nodeId, scope: 'node' });
    if (copied) host.copied(copied);
  },
};
