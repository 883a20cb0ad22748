/**
 * A minimal static file server, standing in for "any static host" in the e2e suite:
 * `tsx scripts/serveStatic.ts <folder> <port>` serves the folder on 127.0.0.1 with no server logic at
 * all; a path that is not a file gets 404.html (or index.html), as static hosts do for single-page apps.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [folderArg, portArg] = process.argv.slice(2);
if (!folderArg || !portArg) {
  console.error('usage: tsx scripts/serveStatic.ts <folder> <port>');
  process.exit(2);
}
const folder = path.resolve(folderArg);
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
};

function fileFor(urlPath: string): { file: string; status: number } {
  const decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  const file = path.join(folder, path.normalize(decoded));
  if (file.startsWith(folder) && fs.existsSync(file) && fs.statSync(file).isFile())
    return { file, status: 200 };
  const fallback = path.join(folder, '404.html');
  return { file: fs.existsSync(fallback) ? fallback : path.join(folder, 'index.html'), status: 200 };
}

http
  .createServer((request, response) => {
    try {
      const { file, status } = fileFor(request.url ?? '/');
      response.writeHead(status, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      fs.createReadStream(file).pipe(response);
    } catch {
      response.writeHead(400).end();
    }
  })
  .listen(Number(portArg), '127.0.0.1', () => console.log(`static host: ${folder} on :${portArg}`));
