import type { NodeDetail, ShareProfileConfig, WorkflowStatus } from '../../domain/workflowTypes.ts';
import type { DemoStep } from './demoFlowBuilder.ts';
import { DEMO_IDS } from './demoIds.ts';
import { NEWCOMER_EMAILS } from './newcomerEmails.ts';

/** What a demo step needs to know about an email. */
export type DemoEmail = { id: number; name: string; designReady: boolean };
export type EmailLookup = (id: number) => DemoEmail;

export type DemoWorkflow = {
  id: number;
  userId: number;
  orgId: number;
  name: string;
  status: WorkflowStatus;
  triggerId: 7 | 8 | 9 | 10 | 11 | 14;
  emailId?: number;
  listId?: number;
  spUuid?: string;
  createdDaysAgo: number;
  /** Node ids added while the workflow was paused. */
  newlyAdded?: string[];
  flow: (email: EmailLookup) => DemoStep | null;
};

/** Fixed share profile uuids of the demo data. */
export const DEMO_SHARE_PROFILES = [
  {
    uuid: '5f0c2a8e-1b7d-4c3e-9a6f-2d8b4e1c7a01',
    orgId: DEMO_IDS.mainOrgId,
    userId: DEMO_IDS.demoUserId,
    name: 'Account executive profile',
    senderName: 'Dana Demo',
    sendFrom: 'dana.demo@northwind-demo.test',
    template: 'profile-classic',
  },
  {
    uuid: '5f0c2a8e-1b7d-4c3e-9a6f-2d8b4e1c7a02',
    orgId: DEMO_IDS.mainOrgId,
    userId: DEMO_IDS.demoUserId,
    name: 'Customer success profile',
    senderName: 'Northwind Marketing',
    sendFrom: 'marketing@northwind-demo.test',
    template: 'profile-insights',
  },
  {
    uuid: '5f0c2a8e-1b7d-4c3e-9a6f-2d8b4e1c7a03',
    orgId: DEMO_IDS.mainOrgId,
    userId: DEMO_IDS.colleagueUserId,
    name: 'Founder introduction',
    senderName: 'Ada Admin',
    sendFrom: 'ada.admin@northwind-demo.test',
    template: 'profile-compact',
  },
  {
    uuid: '5f0c2a8e-1b7d-4c3e-9a6f-2d8b4e1c7a04',
    orgId: DEMO_IDS.otherOrgId,
    userId: DEMO_IDS.otherOrgUserId,
    name: 'Studio profile',
    senderName: 'Harbor Lane Studio',
    sendFrom: 'hello@harborlane.test',
    template: 'profile-classic',
  },
] as const;

export function shareProfileConfig(profile: (typeof DEMO_SHARE_PROFILES)[number]): ShareProfileConfig {
  return {
    template: profile.template,
    personalityMetrics: ['Dominant', 'Influencer', 'Steady', 'Conscientious'],
    senderName: profile.senderName,
    sendFrom: profile.sendFrom,
    emailSubject: `${profile.senderName} shared a profile with you`,
    replyTo: profile.sendFrom,
    initials: profile.senderName
      .split(' ')
      .map((part) => part[0])
      .join(''),
    signature: 'full',
    sendPlatform: 'workbench',
  };
}

const send = (email: DemoEmail, title: string, next?: DemoStep): DemoStep => ({
  type: 'send email',
  title,
  detail: { emailId: email.id, emailName: email.name, designReady: email.designReady },
  next,
});
const end = (title = 'End'): DemoStep => ({ type: 'end', title });
const wait = (value: number, unit: 'minutes' | 'hours' | 'days' | 'weeks', next?: DemoStep): DemoStep => ({
  type: 'delay',
  title: `Wait ${value} ${value === 1 ? unit.slice(0, -1) : unit}`,
  detail: { radioValue: 1, duration: { value, unit } },
  next,
});
const waitUntil = (
  title: string,
  detail: NonNullable<NodeDetail['waitUntil']>,
  next?: DemoStep,
): DemoStep => ({
  type: 'delay',
  title,
  detail: { radioValue: 2, waitUntil: detail },
  next,
});
const addToList = (id: number | null, name: string, next?: DemoStep, title = `Add to ${name}`): DemoStep => ({
  type: 'add to list',
  title,
  detail: { list: id === null ? null : { id, name } },
  next,
});
const emailTest = (
  kind: 'has opened' | 'has clicked' | 'has not opened' | 'has not clicked' | 'email sequence',
  email: DemoEmail,
  controlId: number,
  link: string | null = null,
) => ({
  conditionType: kind,
  controlId,
  controlName: kind,
  emailId: email.id,
  emailType: 1,
  emailName: email.name,
  link,
  linkType: link ? 'url' : null,
});
const ifElse = (title: string, detail: Partial<NodeDetail>, yes?: DemoStep, no?: DemoStep): DemoStep => ({
  type: 'If / Else',
  title,
  detail: { connector: 'AND', ...detail },
  yes,
  no,
});

const main = { userId: DEMO_IDS.demoUserId, orgId: DEMO_IDS.mainOrgId };

/** The name of the newcomer's workflow (README "Try the sending loop"). */
export const NEWCOMER_WORKFLOW_NAME = 'Welcome journey (try me)';

/**
 * The demo user's workflows: every trigger kind and status, every step kind, If / Else with each kind of
 * condition, both kinds of delay; a draft whose email is not design-ready, one with an add-to-list step
 * without a list, one with a step marked in error, an empty draft, and one using an email of another user
 * of the organisation (so cloning it is refused for the demo user). Plus one workflow each for the admin
 * and the second organisation, and the newcomer's draft "Welcome journey (try me)": ready to publish, it
 * reacts within a minute to the demo mailbox (open "Welcome to Northwind", get "Getting started guide",
 * click a link in it, and a minute later join Newsletter Readers; see README "Try the sending loop").
 */
export const DEMO_WORKFLOWS: readonly DemoWorkflow[] = [
  {
    id: 1,
    ...main,
    name: 'Onboarding journey',
    status: 'active',
    triggerId: 14,
    listId: 1,
    createdDaysAgo: 150,
    flow: (e) =>
      send(
        e(16),
        'Send getting started',
        wait(
          2,
          'days',
          ifElse(
            'Opened getting started?',
            { conditions: [emailTest('has opened', e(16), 1)] },
            send(e(17), 'Send tips and tricks', end()),
            send(e(19), 'Ask for feedback', end()),
          ),
        ),
      ),
  },
  {
    id: 2,
    ...main,
    name: 'Launch follow-up',
    status: 'active',
    triggerId: 7,
    emailId: 2,
    createdDaysAgo: 140,
    flow: (e) =>
      wait(
        1,
        'hours',
        send(
          e(4),
          'Send customer story',
          ifElse(
            'Read the case study?',
            {
              conditions: [
                emailTest('has clicked', e(4), 2, 'https://northwind-demo.test/case-studies/acme'),
              ],
            },
            addToList(4, 'Product Champions', end()),
            end('End without action'),
          ),
        ),
      ),
  },
  {
    id: 3,
    ...main,
    name: 'Click nurture',
    status: 'active',
    triggerId: 8,
    emailId: 4,
    createdDaysAgo: 130,
    flow: (e) =>
      ifElse(
        'Engaged with the story?',
        {
          connector: 'OR',
          conditions: [emailTest('has clicked', e(4), 2), emailTest('has opened', e(4), 1)],
        },
        send(e(5), 'Send launch recap', end()),
        waitUntil(
          'Wait for a business morning',
          {
            dayOption: 'business',
            days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
            hour: 9,
            timezone: 'America/New_York',
          },
          send(e(7), 'Send Q3 digest', end()),
        ),
      ),
  },
  {
    id: 4,
    ...main,
    name: 'Digest readers',
    status: 'inactive',
    triggerId: 9,
    emailId: 7,
    createdDaysAgo: 120,
    newlyAdded: ['2', '3'],
    flow: (e) => send(e(8), 'Send Q4 preview', wait(1, 'weeks', addToList(3, 'Newsletter Readers', end()))),
  },
  {
    id: 5,
    ...main,
    name: 'Partner sequence',
    status: 'active',
    triggerId: 11,
    emailId: 11,
    createdDaysAgo: 110,
    flow: (e) =>
      send(
        e(13),
        'Send co-marketing kit',
        wait(
          3,
          'days',
          ifElse(
            'Still in the partner sequence?',
            { conditions: [emailTest('email sequence', e(11), 7)] },
            send(e(14), 'Invite to partner webinar', end()),
            end(),
          ),
        ),
      ),
  },
  {
    id: 6,
    ...main,
    name: 'Share profile outreach',
    status: 'active',
    triggerId: 10,
    spUuid: DEMO_SHARE_PROFILES[0].uuid,
    createdDaysAgo: 100,
    flow: (e) =>
      wait(
        30,
        'minutes',
        ifElse(
          'Weekday business hours?',
          {
            connector: 'AND',
            conditions: [
              {
                conditionType: 'current day',
                controlId: 5,
                controlName: 'current day',
                verb: 'is',
                day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
                timezone: 'Europe/London',
              },
              {
                conditionType: 'current time',
                controlId: 6,
                controlName: 'current time',
                verb: 'after',
                time: '09:00',
                timezone: 'Europe/London',
              },
            ],
          },
          send(e(2), 'Send launch announcement', end()),
          wait(12, 'hours', end()),
        ),
      ),
  },
  {
    id: 7,
    ...main,
    name: 'Event leads welcome',
    status: 'draft',
    triggerId: 14,
    listId: 2,
    createdDaysAgo: 90,
    flow: (e) => send(e(3), 'Send feature deep dive', end()),
  },
  {
    id: 8,
    ...main,
    name: 'Re-engagement',
    status: 'inactive',
    triggerId: 7,
    emailId: 10,
    createdDaysAgo: 80,
    flow: (e) =>
      ifElse(
        'Ignored the year in review?',
        { conditions: [emailTest('has not opened', e(10), 3)] },
        send(e(1), 'Send launch teaser', end()),
        addToList(3, 'Newsletter Readers', end()),
      ),
  },
  {
    id: 9,
    ...main,
    name: 'Feedback loop',
    status: 'draft',
    triggerId: 9,
    emailId: 19,
    createdDaysAgo: 70,
    flow: () => null,
  },
  {
    id: 10,
    ...main,
    name: 'Webinar reminders',
    status: 'draft',
    triggerId: 8,
    emailId: 14,
    createdDaysAgo: 60,
    flow: (e) => send(e(14), 'Remind about the webinar', wait(1, 'days', addToList(null, 'a list', end()))),
  },
  {
    id: 11,
    ...main,
    name: 'Champion programme',
    status: 'active',
    triggerId: 14,
    listId: 4,
    createdDaysAgo: 50,
    flow: (e) =>
      ifElse(
        'Also an enterprise prospect?',
        {
          conditions: [
            {
              conditionType: 'list',
              controlId: 8,
              controlName: 'list',
              listId: 1,
              listName: 'Enterprise Prospects',
            },
            emailTest('has not clicked', e(13), 4),
          ],
        },
        send(e(13), 'Send co-marketing kit', end()),
        send(e(11), 'Send partner intro', end()),
      ),
  },
  {
    id: 12,
    ...main,
    name: 'Quarterly digest',
    status: 'inactive',
    triggerId: 11,
    emailId: 8,
    createdDaysAgo: 40,
    flow: (e) => send(e(10), 'Send year in review', end()),
  },
  {
    id: 13,
    ...main,
    name: 'Needs attention',
    status: 'draft',
    triggerId: 10,
    spUuid: DEMO_SHARE_PROFILES[1].uuid,
    createdDaysAgo: 30,
    flow: (e) => {
      const step = send(e(5), 'Send launch recap', end());
      return { ...step, detail: { ...step.detail, error: true } };
    },
  },
  {
    id: 14,
    ...main,
    name: 'Shared AI outreach',
    status: 'draft',
    triggerId: 7,
    emailId: 20,
    createdDaysAgo: 20,
    flow: (e) => send(e(21), 'Send AI follow-up', end()),
  },
  {
    id: 15,
    userId: DEMO_IDS.colleagueUserId,
    orgId: DEMO_IDS.mainOrgId,
    name: 'AI outreach follow-up',
    status: 'active',
    triggerId: 7,
    emailId: 20,
    createdDaysAgo: 35,
    flow: (e) => wait(2, 'days', send(e(23), 'Send AI outreach: finance', end())),
  },
  {
    id: DEMO_IDS.newcomerWorkflowId,
    ...main,
    name: NEWCOMER_WORKFLOW_NAME,
    status: 'draft',
    triggerId: 7,
    emailId: NEWCOMER_EMAILS.welcome.id,
    createdDaysAgo: 2,
    flow: (e) => {
      const guide = e(NEWCOMER_EMAILS.guide.id);
      return send(
        guide,
        'Send the guide',
        wait(
          1,
          'minutes',
          ifElse(
            'Clicked the guide?',
            { conditions: [emailTest('has clicked', guide, 2)] },
            addToList(3, 'Newsletter Readers', end(), 'Add to list'),
            end('End without action'),
          ),
        ),
      );
    },
  },
  {
    id: 16,
    userId: DEMO_IDS.otherOrgUserId,
    orgId: DEMO_IDS.otherOrgId,
    name: 'Studio welcome',
    status: 'active',
    triggerId: 14,
    listId: 7,
    createdDaysAgo: 50,
    flow: (e) => send(e(25), 'Send autumn portfolio', end()),
  },
];
