import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

export type GraphCall = { method: string; path: string; token: string; body: unknown };

/**
 * A stand-in for Microsoft Graph on 127.0.0.1: answers GET /v1.0/me and POST /v1.0/me/sendMail (202) and
 * records every call. While `control.rejectNext` is above 0, calls are answered 401 (and counted down), as
 * Graph answers an expired or revoked token.
 */
export async function startGraphRecorder(
  mailbox = { mail: 'news@contoso.test', displayName: 'Contoso News' },
) {
  const calls: GraphCall[] = [];
  const control = { rejectNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const text = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').split('?')[0] ?? '';
      calls.push({ method: req.method ?? '', path, token, body: text ? JSON.parse(text) : null });
      if (!token || control.rejectNext > 0) {
        control.rejectNext -= 1;
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' },
          }),
        );
        return;
      }
      if (req.method === 'GET' && path === '/v1.0/me') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...mailbox, userPrincipalName: mailbox.mail }));
      } else if (req.method === 'POST' && path === '/v1.0/me/sendMail') {
        res.writeHead(202);
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1.0`,
    calls,
    control,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TokenExchange = {
  body: Record<string, string>;
  answer: { statusCode: number; body: Record<string, unknown> };
};

/** oauth2-mock-server as the Microsoft identity platform; every token request and answer is recorded. */
export async function startIdentityProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const exchanges: TokenExchange[] = [];
  /** Set to make the next refresh_token grants fail as Microsoft does when a refresh token is revoked. */
  const control = { refuseRefresh: false };
  server.service.on(
    'beforeResponse',
    (answer: TokenExchange['answer'], req: { body: Record<string, string> }) => {
      if (control.refuseRefresh && req.body.grant_type === 'refresh_token') {
        answer.statusCode = 400;
        answer.body = {
          error: 'invalid_grant',
          error_description: 'AADSTS700082: The refresh token has expired.\r\nTrace ID: 1234',
        };
      }
      exchanges.push({ body: { ...req.body }, answer });
    },
  );
  const url = server.issuer.url as string;
  return {
    authorizeUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    exchanges,
    control,
    stop: () => server.stop(),
  };
}
