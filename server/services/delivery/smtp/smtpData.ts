const LINE_START_DOT = /(^|\r\n)\./g;
/** A CR not followed by LF, or an LF not preceded by CR. */
const BARE_LINE_END = /\r(?!\n)|(?<!\r)\n/;

/**
 * A message as the DATA command sends it (RFC 5321 section 4.5.2): every line ending CRLF (a bare CR or LF
 * becomes CRLF, so "\r.\r" can never end the data early: SMTP smuggling), a dot starting a line doubled,
 * then the terminating ".\r\n". A message of CRLF lines with no line starting with a dot (composeMime's
 * base64 bodies) is passed on as it is, with no copy but the terminator: the common case costs two scans.
 */
export function smtpData(message: Buffer): Buffer[] {
  const text = message.toString('latin1');
  const clean = !BARE_LINE_END.test(text) && text.charCodeAt(0) !== 0x2e && !text.includes('\n.');
  if (clean) return text.endsWith('\r\n') || text.length === 0 ? [message, END] : [message, CRLF_END];
  let lines = text.replace(/\r\n|\r|\n/g, '\r\n').replace(LINE_START_DOT, '$1..');
  if (!lines.endsWith('\r\n')) lines += '\r\n';
  return [Buffer.from(lines, 'latin1'), END];
}

const END = Buffer.from('.\r\n', 'latin1');
const CRLF_END = Buffer.from('\r\n.\r\n', 'latin1');
