/**
 * An SMTP server's refusal (responseCode: the reply's code, response: its text) or a connection failure
 * (no responseCode). classifySmtpFailure reads responseCode: 5xx is permanent, anything else is retried.
 */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly responseCode?: number,
    readonly response?: string,
    readonly command?: string,
  ) {
    super(message);
    this.name = 'SmtpError';
  }

  /** A refusal from a reply: "<command> refused: <code> <text>". */
  static fromReply(command: string, reply: SmtpReply): SmtpError {
    const text = reply.lines.join(' ').slice(0, 400);
    return new SmtpError(`${command} refused: ${reply.code} ${text}`, reply.code, text, command);
  }
}

/** One SMTP reply: its code and its text lines (without the code). */
export type SmtpReply = { code: number; lines: string[] };
