import type { PreferenceForm } from '../../../domain/preferenceForm.ts';
import type { PreferenceChange } from './changePreference.ts';

/** The change a posted preference form asks for (as update_preference/ would receive it). */
export function changeOfPostedForm(form: PreferenceForm): PreferenceChange {
  return {
    kind: 'preferences',
    unsubAll: form.unsubAll === true,
    marketing: form.marketing === true,
    webinars: form.webinars === true,
    alerts: form.alerts.map((option) => ({ name: option.key, status: option.on ? '1' : '0' })),
    newsletterIds: form.newsletters.filter((option) => option.on).map((option) => Number(option.key)),
  };
}
