// make web-serve: serves build/web on 127.0.0.1 and prints the address.
//   node sim/web/serve.mjs DIR [PORT]   (PORT 0 or none: a free port)
import { createServer } from 'node:http';
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const [dir, portArg = '0'] = process.argv.slice(2);
if (!dir || !/^\d+$/.test(portArg) || Number(portArg) > 65535) {
  console.error('usage: node serve.mjs DIR [PORT]  (PORT 0..65535, 0 = any free port)');
  process.exit(2);
}
const root = resolve(dir);
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.hex': 'text/plain', '.txt': 'text/plain', '.svg': 'image/svg+xml', '.wasm': 'application/wasm',
};
// The site's file for a request path, or null when the path leaves the site:
// resolved through symbolic links, and inside the site's own folder (a plain
// prefix test would let "build/web-secret" pass for "build/web").
async function fileFor(path) {
  const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
  const real = await realpath(file).catch(() => file);
  const site = await realpath(root).catch(() => root);
  return real === site || real.startsWith(site + sep) ? real : null;
}

const server = createServer(async (req, res) => {
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request: the path is not a valid URL');
    return;
  }
  if (path.includes('\0')) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
    return;
  }
  const file = await fileFor(path);
  if (!file) {
    res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden');
    return;
  }
  // only a plain file is served: opened without waiting (a FIFO or a device
  // put in the folder would hold the request, and the server, open) and
  // looked at through the handle it was opened as
  let fh = null;
  try {
    fh = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    if (!(await fh.stat()).isFile()) throw new Error('not a plain file');
    const body = await fh.readFile();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  } finally {
    await fh?.close();
  }
});
server.on('error', (e) => {
  console.error(`web-serve: ${e.message}`);
  process.exit(1);
});
server.listen(Number(portArg), '127.0.0.1', () => {
  console.log(`web-serve: http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
});
