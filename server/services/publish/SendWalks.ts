import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AfterReply } from '../../lib/AfterReply.ts';
import { type EditionSender, recordSendFailure, runSend } from './EditionSender.ts';

/**
 * Starts walking sends: on pg-boss when this process has it (its worker retries a failed walk and records
 * the last failure on the send), else here, once the answer is on its way. A walk that fails here is
 * recorded on the send (status failed, its error) and logged: no send's failure goes unseen.
 */
export class SendWalks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sender: EditionSender | null,
    private readonly afterReply: AfterReply,
  ) {}

  /** Walks a send now, or (on pg-boss) when it is due; without pg-boss a scheduled send waits for one. */
  async start(sendId: number, startAfter?: Date): Promise<void> {
    if (this.sender) {
      await this.sender.queue(sendId, startAfter);
      return;
    }
    if (startAfter) return;
    this.afterReply.run(`edition send ${sendId}`, async () => {
      try {
        await runSend(this.db, sendId);
      } catch (error) {
        await recordSendFailure(this.db, sendId, error);
        throw error;
      }
    });
  }
}
