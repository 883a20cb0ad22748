/** The reports' rate format (domain/formatRate.ts, shared with the email-event chart). */
export { formatRate } from '../../../domain/formatRate.ts';
