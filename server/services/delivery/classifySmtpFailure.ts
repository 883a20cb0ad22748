/** How a failed SMTP delivery is treated: retried later, or a bounce (the address does not take mail). */
export type SmtpFailure = { permanent: boolean; message: string };

/**
 * Classifies an SMTP failure (SmtpError): an SMTP reply in the 5xx range (a refused recipient, a rejected
 * message) is permanent; a 4xx reply, a connection or time-out error, or anything else is temporary.
 */
export function classifySmtpFailure(error: unknown): SmtpFailure {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const code =
    typeof error === 'object' && error !== null && 'responseCode' in error
      ? Number((error as { responseCode: unknown }).responseCode)
      : Number.NaN;
  return { permanent: Number.isInteger(code) && code >= 500 && code < 600, message };
}
