import type { FastifyReply } from 'fastify';
import { emailDocument } from '../../domain/emailDocument.ts';
import { EMAIL_DOCUMENT_CSP } from './contentSecurityPolicy.ts';

/**
 * Answers with a sent email as its own document, for a viewer of our origin to frame: sandboxed, no
 * script, inline styles and images allowed (EMAIL_DOCUMENT_CSP). It is a document of its own, not the
 * frame's srcdoc, because a srcdoc document inherits the workbench's strict policy, which would strip the
 * email's inline styles.
 */
export function sendEmailDocument(reply: FastifyReply, html: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', EMAIL_DOCUMENT_CSP)
    .header('X-Frame-Options', 'SAMEORIGIN')
    .send(emailDocument(html));
}
