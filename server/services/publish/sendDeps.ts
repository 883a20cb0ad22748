import type { TestSendLimiter } from '../delivery/testSendRules.ts';
import type { SendWalks } from './SendWalks.ts';
import type { SendRulesDeps } from './sendRules.ts';

/** What the publish step's use cases are built from (sendRoutes makes it once). */
export type SendDeps = SendRulesDeps & {
  walks: SendWalks;
  /** Test emails a user and an organisation may send in 10 minutes. */
  testLimiter: TestSendLimiter;
  clock: () => Date;
};
