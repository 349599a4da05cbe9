// The page's "Flash a board" section in Debian's Chromium (playwright-core).
// Without Web Serial: the sentence. With a stand-in navigator.serial
// (page.addInitScript): no port chosen, a busy port, and whole flashes
// whose port is bridged (page.exposeFunction) to the simulated board's
// pseudo-terminal that tests/flash.sh uses, through the command line's own
// serial code (sim/web/flash.mjs openPort): the page's code end to end, a
// good flash that boots, and a cable pulled mid-way.
// Prints "[       OK ] web flash-NAME" or "[  FAILED  ] web flash-NAME: why";
// the section after the good flash: BUILD_DIR/web-test/flash.png.
//   node tests/web/flash_browser.mjs BUILD_DIR
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from '../../sim/web/node_modules/playwright-core/index.mjs';
import { openPort } from '../../sim/web/flash.mjs';
import { startServer } from './web_server.mjs';

const build = process.argv[2] || 'build';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let failures = 0;
const ok = (name, more = '') => console.log(`[       OK ] web flash-${name}${more ? ` (${more})` : ''}`);
const bad = (name, why) => {
  failures++;
  console.log(`[  FAILED  ] web flash-${name}: ${String(why).split('\n')[0]}`);
};
async function run(name, fn) {
  try {
    ok(name, await fn());
  } catch (e) {
    bad(name, e.message);
  }
}

// navigator.serial as the page sees it. MODE: 'absent' (no Web Serial),
// 'none-chosen' (the person closes the port chooser), 'busy' (the port is
// open elsewhere), 'bridge' (a port that talks to the node side).
function fakeSerial(mode) {
  if (mode === 'absent') {
    delete Navigator.prototype.serial;
    return;
  }
  window.serialSignals = [];
  class FakePort {
    async open({ baudRate }) {
      if (mode === 'busy') throw new DOMException('Failed to open serial port.', 'InvalidStateError');
      await window.bridgeOpen(baudRate);
      this.readable = new ReadableStream({
        start: (c) => {
          window.bridgePush = (bytes) => c.enqueue(new Uint8Array(bytes));
          window.bridgeLost = () => c.error(new DOMException('The device has been lost.', 'NetworkError'));
        },
      });
      this.writable = new WritableStream({ write: (chunk) => window.bridgeWrite(Array.from(chunk)) });
    }
    async setSignals(s) {
      window.serialSignals.push(s);
    }
    async close() {
      await window.bridgeClose();
    }
  }
  const serial = {
    async requestPort() {
      if (mode === 'none-chosen') throw new DOMException('No port selected by the user.', 'NotFoundError');
      return new FakePort();
    },
    async getPorts() {
      return [];
    },
    addEventListener() {},
  };
  Object.defineProperty(Navigator.prototype, 'serial', { get: () => serial, configurable: true });
}

async function openPage(browser, url, mode, board = 'jarmo-handheld') {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(fakeSerial, mode);
  await page.goto(`${url}?board=${board}`);
  await page.waitForFunction(() => document.querySelector('#flash').dataset.serial, null, { timeout: 10000 });
  return { context, page, errors };
}
const status = (page) => page.evaluate(() => {
  const s = document.querySelector('#flash-status');
  return { text: s.textContent, state: s.dataset.state || '', code: s.dataset.code || '' };
});
async function waitStatus(page, state, ms) {
  const until = Date.now() + ms;
  let s;
  while (Date.now() < until) {
    s = await status(page);
    if (s.state === state) return s;
    await sleep(100);
  }
  throw new Error(`the status did not become "${state}" in ${ms / 1000} s: "${s && s.text}"`);
}

// The simulated board on a pty, and the page's port bridged to it.
// pullAfter: bytes written before the cable is pulled (the simulator killed).
async function bridge(page, tmp, name, { boot, until, script, pullAfter = Infinity }) {
  const tty = `${tmp}/${name}.tty`;
  const args = ['--serial', tty];
  if (boot) args.push('--bootloader', boot);
  if (until) args.push('--until', until);
  if (script) args.push('--script', script);
  const sim = spawn(`${build}/host/jarmo-sim`, [...args, `${build}/jarmo-handheld/firmware.elf`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  sim.stdout.on('data', (d) => (log += d));
  sim.stderr.on('data', (d) => (log += d));
  const ended = new Promise((r) => sim.on('exit', (code) => r(code)));
  for (let i = 0; i < 100 && !existsSync(tty); i++) await sleep(100);
  let port = null;
  let written = 0;
  const b = { baud: 0, ended, log: () => log, kill: () => sim.kill('SIGKILL') };
  await page.exposeFunction('bridgeOpen', (baud) => {
    b.baud = baud;
    port = openPort(tty, baud);
    port.queue.push = (bytes) => page.evaluate((a) => window.bridgePush(a), [...bytes]).catch(() => {});
    port.queue.end = () => page.evaluate(() => window.bridgeLost()).catch(() => {});
  });
  await page.exposeFunction('bridgeWrite', async (bytes) => {
    written += bytes.length;
    if (written > pullAfter) {
      b.kill(); // the cable pulled: the board's side of the line is gone
      await sleep(50);
    }
    await port.write(Uint8Array.from(bytes));
  });
  await page.exposeFunction('bridgeClose', () => port && port.close());
  return b;
}

const { server, url } = await startServer(build);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const tmp = mkdtempSync(`${tmpdir()}/jarmo-flash-page-`);
try {
  await run('no-web-serial', async () => {
    const { context, page, errors } = await openPage(browser, url, 'absent');
    const r = await page.evaluate(() => ({
      text: document.querySelector('#flash-unsupported').textContent,
      shown: !document.querySelector('#flash-unsupported').hidden,
      disabled: document.querySelector('#flash-button').disabled,
      formShown: document.querySelector('.flash-form').getBoundingClientRect().height > 0,
      barShown: document.querySelector('#flash-progress').getBoundingClientRect().height > 0,
    }));
    await context.close();
    if (!r.shown || !r.disabled || r.formShown || r.barShown || !r.text.includes('cannot reach a serial port'))
      throw new Error(JSON.stringify(r));
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    return r.text;
  });
  await run('no-port-chosen', async () => {
    const { context, page } = await openPage(browser, url, 'none-chosen');
    await page.click('#flash-button');
    const s = await waitStatus(page, 'error', 5000);
    await context.close();
    if (s.code !== 'no-port' || !s.text.startsWith('No port chosen')) throw new Error(JSON.stringify(s));
    return s.text;
  });
  await run('port-busy', async () => {
    const { context, page } = await openPage(browser, url, 'busy');
    await page.click('#flash-button');
    const s = await waitStatus(page, 'error', 5000);
    await context.close();
    if (s.code !== 'port-busy') throw new Error(JSON.stringify(s));
    return s.text;
  });
  await run('through-the-page', async () => {
    const { context, page, errors } = await openPage(browser, url, 'bridge');
    const b = await bridge(page, tmp, 'good', { boot: `${build}/bootloader/optiboot.hex`, until: 'jarmo jarmo-handheld ready' });
    const chosen = await page.evaluate(() => document.querySelector('#flash-firmware').value);
    await page.click('#flash-button');
    let s;
    try {
      s = await waitStatus(page, 'done', 60000);
    } catch (e) {
      const now = await status(page);
      b.kill();
      throw new Error(`${e.message}; status "${now.text}"`);
    }
    const progress = await page.evaluate(() => document.querySelector('#flash-progress').value);
    const signals = await page.evaluate(() => window.serialSignals.map((x) => x.dataTerminalReady));
    mkdirSync(`${build}/web-test`, { recursive: true });
    await (await page.$('#flash')).screenshot({ path: `${build}/web-test/flash.png` });
    const code = await b.ended;
    await context.close();
    if (progress !== 1) throw new Error(`progress ${progress}`);
    if (b.baud !== 115200) throw new Error(`opened at ${b.baud} baud`);
    if (signals.join() !== 'false,true') throw new Error(`DTR ${signals.join()}, not a reset pulse`);
    if (code !== 0) throw new Error(`the flashed firmware did not start: ${b.log().slice(-300)}`);
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    return `${chosen}: ${s.text}`;
  });
  await run('cable-pulled', async () => {
    const { context, page } = await openPage(browser, url, 'bridge');
    const b = await bridge(page, tmp, 'pulled', { boot: `${build}/bootloader/optiboot.hex`, pullAfter: 8000 });
    await page.click('#flash-button');
    const s = await waitStatus(page, 'error', 30000);
    await b.ended;
    await context.close();
    if (s.code !== 'lost' || !s.text.includes('cable pulled?')) throw new Error(JSON.stringify(s));
    return s.text;
  });
  // "Follow a console": the page follows a scripted game on the simulated
  // board's serial line (its debug console), shows it on the replay board
  // and keeps it when it ends
  await run('follow-a-console', async () => {
    const script = `${build}/sim-scripts/game-classic.script`;
    const want = [...readFileSync(script, 'utf8').matchAll(/^expect-uart move (\S+)$/gm)].map((m) => m[1]);
    const { context, page, errors } = await openPage(browser, url, 'bridge');
    const b = await bridge(page, tmp, 'follow', { script });
    await page.click('[data-follow]');
    // the game ends: kept in the list (the console then starts game 2)
    const until = Date.now() + 90000;
    let n = 0;
    while (Date.now() < until && (n = await page.locator('#records li[data-record]').count()) < 1) await sleep(200);
    const following = await page.locator('.follow-status').textContent();
    await page.click('[data-follow]'); // stop
    b.kill();
    await b.ended;
    if (n !== 1) throw new Error(`no game kept: ${following} (the simulator: ${b.log().slice(-300).replace(/\n/g, ' | ')})`);
    await page.locator('#records li[data-record] button[data-show]').click();
    const got = await page.evaluate(() => ({
      result: document.querySelector('#records li[data-record]').dataset.result,
      replayed: [...document.querySelectorAll('#replay .replay-moves li')].map((li) => li.textContent.replace(/^\d+\. /, '')),
    }));
    await page.locator('#follow').scrollIntoViewIfNeeded();
    mkdirSync(`${build}/web-test`, { recursive: true });
    await page.screenshot({ path: `${build}/web-test/follow.png` });
    await context.close();
    if (b.baud !== 38400) throw new Error(`opened at ${b.baud} baud`);
    if (got.replayed.join(' ') !== want.join(' ')) throw new Error(JSON.stringify(got));
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    return `${want.length} moves followed, kept as ${got.result}; then: ${following}`;
  });
  await run('wrong-baud', async () => {
    const { context, page } = await openPage(browser, url, 'bridge');
    const b = await bridge(page, tmp, 'wrong', { boot: `${build}/bootloader/optiboot.hex` });
    await page.selectOption('#flash-baud', '57600');
    await page.click('#flash-button');
    const s = await waitStatus(page, 'error', 30000);
    b.kill();
    await b.ended;
    await context.close();
    if (s.code !== 'no-answer' || !s.text.includes('Try 115200 baud')) throw new Error(JSON.stringify(s));
    return s.text;
  });
} finally {
  await browser.close();
  server.kill();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(failures ? 1 : 0);
