// The web page as a player first sees it, for img/page.png (tools/renders.sh):
//   node tools/renders_page.mjs BUILD_DIR OUT.png
// Serves BUILD_DIR/web with the page's own server, opens it in Debian's
// Chromium, waits for the console's start words and the first move, then
// takes a screenshot of the window.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { chromium } from '../sim/web/node_modules/playwright-core/index.mjs';

const [build, out] = process.argv.slice(2);
if (!build || !out) {
  console.error('usage: node tools/renders_page.mjs BUILD_DIR OUT.png');
  process.exit(2);
}
const server = spawn('node', ['sim/web/serve.mjs', `${build}/web`, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).on('line', (l) => {
    const m = l.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
    if (m) resolve(m[0]);
  });
  server.on('exit', (code) => reject(new Error(`the page's server exited with ${code}`)));
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await page.goto(`${url}?board=jarmo-handheld`);
  await page.waitForFunction(() => /turn/i.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 60000 });
  await page.waitForTimeout(1500);
  await page.keyboard.press('x');        // B: skips the start's words, the board shows
  await page.waitForTimeout(2000);
  await page.screenshot({ path: out });
  console.log(`renders_page: ${out}`);
} finally {
  await browser.close();
  server.kill();
}
