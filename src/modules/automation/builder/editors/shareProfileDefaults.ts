import type { ShareProfileConfig } from '../../../../../domain/workflowTypes.ts';

/** What an unset share profile configuration reads as (its placeholders show). */
export const EMPTY_SHARE_PROFILE: ShareProfileConfig = {
  template: null,
  personalityMetrics: [],
  senderName: '',
  sendFrom: '',
  emailSubject: '',
  replyTo: '',
  initials: '',
  signature: null,
  sendPlatform: '',
};

export const SEND_PLATFORMS: readonly string[] = ['Workbench', 'Gmail', 'Outlook'];

export const SHARE_PROFILE_PLACEHOLDERS = {
  email: 'Select email',
  template: 'Select a template',
  signature: 'Select signature',
} as const;
