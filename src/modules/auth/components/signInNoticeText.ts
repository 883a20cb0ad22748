import type { SignInNotice } from '../../../router/routeTable.ts';
import type { AlertTone } from '../../../ui/Alert.tsx';

export const signInNoticeText: Record<SignInNotice, { tone: AlertTone; text: string }> = {
  'signed-out': { tone: 'success', text: 'You have signed out.' },
  'session-ended': { tone: 'warning', text: 'Your session has ended. Sign in again to continue.' },
  'password-reset': {
    tone: 'success',
    text: 'Your password has been changed. Sign in with your new password.',
  },
};
