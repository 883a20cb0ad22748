import { fromPromise } from 'xstate';
import type { SupportMessage } from '../../../../domain/supportMessage.ts';
import { type SendInput, supportChatMachine } from '../../../../machines/supportChatMachine.ts';
import { supportApi } from '../../../api/supportApi.ts';

/** supportChatMachine wired to the API: GET support_messages/ and POST support_message/. */
export const appSupportChatMachine = supportChatMachine.provide({
  actors: {
    loadMessages: fromPromise<SupportMessage[], void>(
      async ({ signal }) => (await supportApi.mine(signal)).data,
    ),
    sendMessage: fromPromise<SupportMessage, SendInput>(({ input, signal }) =>
      supportApi.send(input, signal),
    ),
  },
});
