// A tiny static server for site/dist, mounted at a base path (no network beyond localhost).
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, extname } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

export interface Served {
  origin: string;
  /** origin + base, ending in `/`. */
  root: string;
  close(): Promise<void>;
}

export async function serveDir(dir: string, base = '/'): Promise<Served> {
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(base)) {
      res.writeHead(404).end('outside the base path');
      return;
    }
    let file = normalize(join(dir, path.slice(base.length)));
    if (!file.startsWith(normalize(dir))) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      // As static hosts do: the site's own 404 page, with status 404.
      const page = await readFile(join(dir, '404.html')).catch(() => null);
      if (page) res.writeHead(404, { 'content-type': TYPES['.html']! }).end(page);
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${port}`;
  return { origin, root: origin + base, close: () => new Promise((ok) => server.close(() => ok())) };
}
