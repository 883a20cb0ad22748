import type { TestSendLimiter } from '../delivery/testSendRules.ts';
import type { EditionSender } from './EditionSender.ts';
import type { SendRulesDeps } from './sendRules.ts';

/** What the publish step's use cases are built from (sendRoutes makes it once). */
export type SendDeps = SendRulesDeps & {
  sender: EditionSender;
  /** Test emails a user and an organisation may send in 10 minutes. */
  testLimiter: TestSendLimiter;
  clock: () => Date;
};
