// The page's server for the browser tests, started as `make web-serve`
// starts it, on a free port: resolves with { server, url }.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export function startServer(build) {
  const server = spawn('node', ['sim/web/serve.mjs', `${build}/web`, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stdout });
    lines.on('line', (l) => {
      const m = l.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ server, url: m[0] });
    });
    server.on('exit', (code) => reject(new Error(`web-serve exited with ${code}`)));
  });
}
