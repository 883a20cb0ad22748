import type { AnyStateMachine } from 'xstate';
import { aiGenerationMachine } from './aiGenerationMachine.ts';
import { contactImportMachine } from './contactImportMachine.ts';
import { curationMachine } from './curationMachine.ts';
import { currentUserMachine } from './currentUserMachine.ts';
import { designSaveMachine } from './designSaveMachine.ts';
import { importProgressMachine } from './importProgressMachine.ts';
import { journeyRecomputeMachine } from './journeyRecomputeMachine.ts';
import { loadMachine } from './loadMachine.ts';
import { panelsMachine } from './panelsMachine.ts';
import { preferenceFormMachine } from './preferenceFormMachine.ts';
import { publishMachine } from './publishMachine.ts';
import { publishSettingsMachine } from './publishSettingsMachine.ts';
import { requestMachine } from './requestMachine.ts';
import { screenRecoveryMachine } from './screenRecoveryMachine.ts';
import { sessionMachine } from './sessionMachine.ts';
import { supportChatMachine } from './supportChatMachine.ts';
import { tourMachine } from './tourMachine.ts';
import { unsubscribeButtonMachine } from './unsubscribeButtonMachine.ts';
import { workflowSaveMachine } from './workflowSaveMachine.ts';
import { workflowStatusMachine } from './workflowStatusMachine.ts';

/**
 * Every machine a recorded actor can run, by machine id (the `machine` of an "actor.start" entry).
 * A machine created through createRecordedActor/useRecordedActor must be listed here to be replayable.
 */
export const replayableMachines: Readonly<Record<string, AnyStateMachine>> = {
  [aiGenerationMachine.id]: aiGenerationMachine,
  [contactImportMachine.id]: contactImportMachine,
  [currentUserMachine.id]: currentUserMachine,
  [curationMachine.id]: curationMachine,
  [designSaveMachine.id]: designSaveMachine,
  [importProgressMachine.id]: importProgressMachine,
  [journeyRecomputeMachine.id]: journeyRecomputeMachine,
  [loadMachine.id]: loadMachine,
  [panelsMachine.id]: panelsMachine,
  [preferenceFormMachine.id]: preferenceFormMachine,
  [publishMachine.id]: publishMachine,
  [publishSettingsMachine.id]: publishSettingsMachine,
  [requestMachine.id]: requestMachine,
  [screenRecoveryMachine.id]: screenRecoveryMachine,
  [sessionMachine.id]: sessionMachine,
  [supportChatMachine.id]: supportChatMachine,
  [tourMachine.id]: tourMachine,
  [unsubscribeButtonMachine.id]: unsubscribeButtonMachine,
  [workflowSaveMachine.id]: workflowSaveMachine,
  [workflowStatusMachine.id]: workflowStatusMachine,
};
