import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { PublishData, PublishDraft } from '../../../../domain/editionSend.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import {
  type PublishSettingsActor,
  type PublishSettingsSaveRequest,
  publishSettingsMachine,
} from '../../../../machines/publishSettingsMachine.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { publishConfigurationOf } from '../utils/publishForm.ts';

/** The publish step's fields as the edition has them saved (the default sender when none was chosen). */
export function publishDraftOf(data: PublishData): PublishDraft {
  const sender = data.sender_emails.find((s) => s.id === data.sender_address_id) ?? data.sender_emails[0];
  return {
    senderAddressId: sender?.id ?? null,
    senderName: data.sender_name ?? sender?.sender_name ?? '',
    subject: data.subject ? subjectForDisplay(data.subject) : '',
    listIds: data.list_ids,
    contactIds: data.contact_ids,
  };
}

/** The publish step's autosave for one edition (publish_configurations/, recorded). */
export function usePublishSettings(data: PublishData): PublishSettingsActor {
  const api = useServices().sendApi;
  const [machine] = useState(() =>
    publishSettingsMachine.provide({
      actors: {
        save: fromPromise<void, PublishSettingsSaveRequest>(({ input, signal }) =>
          api.saveConfiguration(input.versionId, publishConfigurationOf(input.draft), signal),
        ),
      },
    }),
  );
  return useRecordedActor(machine, {
    name: 'publishSettings',
    input: { versionId: data.version_id, draft: publishDraftOf(data) },
  });
}
