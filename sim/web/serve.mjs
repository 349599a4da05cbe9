// make web-serve: serves build/web on 127.0.0.1 and prints the address.
//   node sim/web/serve.mjs DIR [PORT]   (PORT 0 or none: a free port)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

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
const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
  if (!file.startsWith(root)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});
server.on('error', (e) => {
  console.error(`web-serve: ${e.message}`);
  process.exit(1);
});
server.listen(Number(portArg), '127.0.0.1', () => {
  console.log(`web-serve: http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
});
