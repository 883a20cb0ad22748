import type { PreferenceForm } from '../../../domain/preferenceForm.ts';
import type { RecipientDetails } from '../../../domain/preferenceSchemas.ts';

/** The recipient record with the choices of a posted form (a refused post shows what was sent). */
export function detailsWithForm(details: RecipientDetails, form: PreferenceForm): RecipientDetails {
  const flag = (on: boolean | null) => (on ? '1' : '0');
  return {
    ...details,
    unsub_all: flag(form.unsubAll),
    marketing: flag(form.marketing),
    webinars: flag(form.webinars),
    alerts: form.alerts.map((option) => ({ name: option.key, status: flag(option.on) })),
    news_letters: details.news_letters.map((letter) => ({
      ...letter,
      status: flag(form.newsletters.some((option) => option.key === String(letter.id) && option.on)),
    })),
  };
}
