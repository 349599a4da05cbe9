// Browser tests: the console in Debian's Chromium (playwright-core, no
// browser download) against `make web-serve`'s server on 127.0.0.1. Each
// test prints "[       OK ] web NAME" or "[  FAILED  ] web NAME: why".
//   node tests/web/browser.mjs BUILD_DIR
// The expected start frames come from the C simulator (a script: the start's
// words skipped with B, then print-frame) on the same firmware; the human's moves in the game
// against the console come from the host engine (build/host/jarmo).
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { chromium } from '../../sim/web/node_modules/playwright-core/index.mjs';
import { startServer } from './web_server.mjs';

const build = process.argv[2] || 'build';
const out = `${build}/web-test`;
mkdirSync(out, { recursive: true });
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let failures = 0;
const ok = (name, more = '') => console.log(`[       OK ] web ${name}${more ? ` (${more})` : ''}`);
const bad = (name, why) => {
  failures++;
  console.log(`[  FAILED  ] web ${name}: ${String(why).split('\n')[0]}`);
};

// ---- reading the page ----------------------------------------------------
async function grid(page) {
  return page.evaluate(() => {
    const rows = [];
    for (let y = 0; y < 8; y++) {
      let s = '';
      for (let x = 0; x < 8; x++) s += document.querySelector(`[data-led="${x},${y}"]`).dataset.color;
      rows.push(s);
    }
    return rows;
  });
}
// (empty while a page that follows a link is still loading: no #uart yet)
const uart = (page) => page.evaluate(() => document.querySelector('#uart')?.textContent ?? '');
async function waitFor(what, ms, check) {
  const until = Date.now() + ms;
  let last;
  while (Date.now() < until) {
    last = await check();
    if (last === true) return;
    await sleep(50);
  }
  throw new Error(`${what} did not happen in ${ms / 1000} s${last && last !== false ? `: ${last}` : ''}`);
}
// waits for the emulated console's own clock to go on by `ms` (a loaded
// machine runs it slower than the wall clock)
async function simWait(page, ms) {
  const cycles = () => page.evaluate(() => window.jarmo.mcu.cpu.cycles / (window.jarmo.mcu.freq / 1000));
  const until = (await cycles()) + ms;
  while ((await cycles()) < until) await sleep(20);
}
const waitUart = (page, text, ms = 5000) =>
  waitFor(`"${text}" on the debug console`, ms, async () => (await uart(page)).includes(text));
// for a failing move: the matrix, the debug console and the last pin changes
async function whatItSaw(page) {
  const buttons = await page.evaluate(() => window.jarmo.buttons.log.join(' '));
  return `the matrix shows ${(await grid(page)).join('/')}; console: ${(await uart(page)).replace(/\n/g, ' | ')}; buttons ${buttons}`;
}
// the same rows, the cells in `skip` ("x,y") aside (the blinking cursor)
function sameFrame(got, want, skip = []) {
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++)
      if (!skip.includes(`${x},${y}`) && got[y][x] !== want[y][x]) return `${got.join('/')} != ${want.join('/')}`;
  return true;
}

// ---- playing, as a person does -------------------------------------------
// point "c1" -> LED x = file, y = 5 - rank; the cursor moves one point a press
const KEY = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight', a: 'z', b: 'x' };
async function tapKey(page, button) {
  await page.keyboard.down(KEY[button]);
  await sleep(60);
  await page.keyboard.up(KEY[button]);
  await sleep(70);
}
async function tapClick(page, button) {
  await page.click(`[data-button="${button}"]`);
  await sleep(110);
}
async function cursorTo(tap, page, cursor, point) {
  const df = point.charCodeAt(0) - cursor.at.charCodeAt(0);
  const dr = Number(point[1]) - Number(cursor.at[1]);
  for (let i = 0; i < Math.abs(df); i++) await tap(page, df > 0 ? 'right' : 'left');
  for (let i = 0; i < Math.abs(dr); i++) await tap(page, dr > 0 ? 'up' : 'down');
  cursor.at = point;
}
// "b1-d2", "b1xd2", "c4xd5@b1", "@b1"
async function enterMove(tap, page, cursor, move) {
  const points = move.match(/[a-e][1-5]/g);
  for (const p of points) {
    await cursorTo(tap, page, cursor, p);
    await tap(page, 'a');
  }
}

// a move played on a board diagram (board_pick.js) as a player does: a
// click on each of its points ("b1-d2": b1 then d2; "c4xd5@b1": three;
// "@b1": one)
async function playOnBoard(page, board, move) {
  for (const p of move.match(/[a-e][1-5]/g)) await page.locator(`${board} [data-point="${p}"]`).click();
}
const puzzleReady = (page) => async () => (await page.locator('.puzzle-board').getAttribute('data-picking')) === 'from';

// the moves of the game on the debug console, since its start
async function movesOf(page) {
  const text = await uart(page);
  const start = Math.max(text.lastIndexOf('start '), text.lastIndexOf('resume '));
  return [...text.slice(start).matchAll(/^move (\S+)$/gm)].map((m) => m[1]);
}
const gameMoves = movesOf;

// the host engine, for the human's moves and the final reckoning
function engine() {
  const p = spawn(`${build}/host/jarmo`, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: p.stdout });
  const waiting = [];
  lines.on('line', (l) => waiting.shift()?.(l));
  const ask = (cmd) => new Promise((resolve) => {
    waiting.push(resolve);
    p.stdin.write(cmd + '\n');
  });
  return { ask, close: () => p.kill() };
}

// A whole jasir game the host engine plays against itself at level 1:
// its moves, its result, and record(date): the game as records.js writes a
// record (every move, one side's turn, numbered, 8 a line)
async function jasirGame() {
  const e = engine();
  await e.ask('rules jasir');
  await e.ask('level 1');
  const played = [];
  for (let i = 0; i < 400; i++) {
    const m = await e.ask('genmove');
    if (!m.startsWith('= ')) break;
    played.push(m.slice(2));
  }
  const [, w, b, winner, reason] = (await e.ask('result')).split(' ').slice(1);
  e.close();
  const words = played.map((m, i) => `${i + 1}. ${m}`);
  const lines = [];
  for (let i = 0; i < words.length; i += 8) lines.push(words.slice(i, i + 8).join(' '));
  const record = (d) => `[Date "${d}"]\n[Rules "jasir"]\n[First "white"]\n[White "P1"]\n[Black "P2"]\n[Level "-"]\n[Result "${w}-${b} ${winner}"]\n[Reason "${reason}"]\n\n${lines.join('\n')}\n`;
  return { played, w, b, winner, record };
}

async function openConsole(browser, url, board) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}?board=${board}`);
  await waitUart(page, `jarmo ${board} ready`);
  return { context, page, errors };
}

// WEB_ONLY=NAME runs that test alone (one that needs an earlier one's page
// fails without it)
async function run(name, fn) {
  if (process.env.WEB_ONLY && process.env.WEB_ONLY !== name) return;
  try {
    const more = await fn();
    ok(name, more);
  } catch (e) {
    bad(name, e.message);
  }
}

const { server, url } = await startServer(build);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  // 1. the start position, the same as the C simulator's, on both boards
  for (const [board, sim] of [['jarmo-handheld', 'jarmo-sim'], ['jarmo-nano', 'jarmo-sim-jarmo-nano']]) {
    await run(`start-position-${board}`, async () => {
      writeFileSync(`${out}/start.script`, 'wait 300\ntap b\nwait 500\nprint-frame\n');
      const want = execFileSync(`${build}/host/${sim}`, ['--script', `${out}/start.script`, `${build}/${board}/firmware.elf`])
        .toString().split('\n').filter((l) => /^[.rgyRGY]{8}$/.test(l.trim())).map((l) => l.trim());
      const { context, page, errors } = await openConsole(browser, url, board);
      // the start's words scroll first: B (x) skips them
      await simWait(page, 300);
      await tapKey(page, 'b');
      await waitFor('the start position', 5000, async () => sameFrame(await grid(page), want, ['2,4']));
      await context.close();
      if (errors.length) throw new Error(`page error: ${errors[0]}`);
    });
  }

  // the board readable: a..e and 1..5 beside it, every line's ends on LED
  // centres, jasir's extra link only once the console says it plays jasir
  await run('board-coordinates-and-lines', async () => {
    const { context, page } = await openConsole(browser, url, 'jarmo-handheld');
    const coords = await page.evaluate(() => [...document.querySelectorAll('[data-coord]')].map((c) => c.dataset.coord).sort().join(''));
    if (coords !== '12345abcde') throw new Error(`coordinate labels ${coords}`);
    const worst = await page.evaluate(() => {
      const m = document.querySelector('#matrix').getBoundingClientRect();
      const centre = (p) => {
        const r = document.querySelector(`[data-led="${p.charCodeAt(0) - 97},${5 - Number(p[1])}"]`).getBoundingClientRect();
        return [r.left - m.left + r.width / 2, r.top - m.top + r.height / 2];
      };
      let off = 0;
      for (const l of document.querySelectorAll('.lines line')) {
        const [p, q] = l.dataset.link.split('-');
        const [a, b] = [centre(p), centre(q)];
        off = Math.max(off, Math.hypot(l.x1.baseVal.value - a[0], l.y1.baseVal.value - a[1]),
          Math.hypot(l.x2.baseVal.value - b[0], l.y2.baseVal.value - b[1]));
      }
      return off;
    });
    if (!(worst < 0.5)) throw new Error(`a line ends ${worst.toFixed(2)} px from its LED's centre`);
    const extraShown = () => page.evaluate(() => getComputedStyle(document.querySelector('.lines line.jasir-only')).display !== 'none');
    if (await extraShown()) throw new Error('b3-c3 drawn in classic');
    // the menu: rules (7 down from Resume), right three times: jasir; up to New match, A
    await simWait(page, 300);
    await tapKey(page, 'b');
    await page.keyboard.press('m');
    await sleep(1400);
    for (const b of ['down', 'down', 'down', 'down', 'down', 'down', 'down', 'right', 'right', 'right', 'up', 'up', 'up', 'up', 'a'])
      await tapKey(page, b);
    await waitUart(page, 'start jasir');
    await waitFor('b3-c3 drawn in jasir', 2000, async () => await extraShown());
    await context.close();
    return `lines within ${worst.toFixed(2)} px of the LED centres`;
  });

  // the firmware to download: the very hex of each board, its SHA-256 shown
  await run('firmware-download', async () => {
    const { context, page } = await openConsole(browser, url, 'jarmo-handheld');
    await waitFor('the firmware list', 5000, async () => (await page.locator('#firmware a[download]').count()) === 2);
    const found = [];
    for (const board of ['jarmo-handheld', 'jarmo-nano']) {
      const link = page.locator(`#firmware a[data-board="${board}"]`);
      const href = await link.getAttribute('href');
      const got = await page.evaluate(async (h) => (await fetch(h)).text(), href);
      const want = readFileSync(`${build}/${board}/firmware.hex`, 'utf8');
      if (got !== want) throw new Error(`${href} is not ${build}/${board}/firmware.hex`);
      const sha = createHash('sha256').update(want).digest('hex');
      const shown = await link.locator('xpath=..').locator('.sha256').textContent();
      if (shown !== sha) throw new Error(`${board}: SHA-256 shown ${shown}, the file's ${sha}`);
      found.push(href);
    }
    await context.close();
    return found.join(', ');
  });

  // the page teaches: what Jarmo is, the rules of the set in play, the
  // board's diagram from the rules core's links, the legend from
  // docs/display.md, the docs as pages
  await run('page-teaches', async () => {
    const { context, page } = await openConsole(browser, url, 'jarmo-handheld');
    const t = await page.evaluate(() => {
      const visible = (el) => el && getComputedStyle(el).display !== 'none';
      const shownRules = [...document.querySelectorAll('[data-rules-text]')].filter(visible).map((e) => e.dataset.rulesText);
      const words = (document.querySelector('.teach').innerText.match(/\S+/g) || []).length;
      const legend = [...document.querySelectorAll('.legend tr')].map((r) => r.innerText.replace(/\s+/g, ' '));
      const lines = document.querySelectorAll('.diagram line').length;
      const dashed = document.querySelectorAll('.diagram line.jasir-only').length;
      const heads = [...document.querySelectorAll('.teach h2')].map((h) => h.textContent);
      return { shownRules, words, legend, lines, dashed, heads };
    });
    const links = readFileSync(`${build}/web/links.txt`, 'utf8').trim().split('\n');
    if (t.shownRules.join() !== 'classic') throw new Error(`rule-set text shown: ${t.shownRules}`);
    if (t.words < 400) throw new Error(`${t.words} words of teaching`);
    if (!t.heads.includes('What is Jarmo?') || !t.heads.includes('How to play')) throw new Error(`headings ${t.heads}`);
    const display = readFileSync('docs/display.md', 'utf8').match(/<!-- legend -->([\s\S]*?)<!-- \/legend -->/)[1];
    const rows = display.trim().split('\n').filter((l) => /^\| [a-z]/.test(l)).length;
    if (t.legend.length < rows || !t.legend.some((r) => /cursor/.test(r))) throw new Error(`legend ${t.legend.length} rows of ${rows}`);
    if (t.lines !== links.length || t.dashed !== links.filter((l) => l.endsWith(' 1')).length) throw new Error(`diagram: ${t.lines} lines, ${t.dashed} dashed; links.txt has ${links.length}`);
    // the manual and the quick card as pages, the quick card with the legend
    for (const [href, title] of [['docs/manual.html', 'player'], ['docs/quickref.html', 'quick reference']]) {
      await page.click(`header nav a[href="${href}"]`);
      const h1 = await page.locator('h1').textContent();
      if (!h1.toLowerCase().includes(title)) throw new Error(`${href}: h1 "${h1}"`);
      if (href.includes('quickref') && !(await page.locator('article table td', { hasText: 'bright yellow, blinking' }).count()))
        throw new Error('no legend on the quick card');
      await page.goBack();
    }
    await context.close();
    return `${t.words} words, ${t.legend.length} legend rows, ${t.lines} lines`;
  });

  // settings by link: a new game with them, bad ones ignored and said;
  // a game in progress is replaced only when the player says yes
  await run('link-settings', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    let answer = true;
    const asked = [];
    page.on('dialog', (d) => {
      asked.push(d.message());
      return answer ? d.accept() : d.dismiss();
    });
    await page.goto(`${url}?board=jarmo-handheld&mode=console&level=5&rules=jasir&side=black&match=2&colour=blue&level=9`);
    await waitUart(page, 'start jasir first white console 5 human black match 1/2');
    const note = await page.locator('#note').textContent();
    if (!/Ignored colour=blue: no setting called 'colour'/.test(note) || !/Ignored level=9/.test(note)) throw new Error(`note: ${note}`);
    if (asked.length) throw new Error(`asked on a fresh console: ${asked[0]}`);
    await waitFor('the status line', 5000, async () => {
      const st = await page.locator('#status').textContent();
      return (/level 5\), jasir, game 1 of 2/.test(st) && /You are red \(Black\)/.test(st)) || st;
    });
    if (new URL(page.url()).search !== '?board=jarmo-handheld') throw new Error(`the link stays: ${page.url()}`);
    // wait for the console's first move and its save, then a link: "no" keeps the game
    await simWait(page, 300);
    await tapKey(page, 'b'); // the start's words
    await waitFor('the console\'s first move', 8000, async () => (await movesOf(page)).length === 1);
    await simWait(page, 1500);
    const first = (await movesOf(page))[0];
    answer = false;
    await page.goto(`${url}?board=jarmo-handheld&rules=classic`);
    await waitUart(page, 'resume jasir');
    if (!asked.length) throw new Error('not asked before replacing the game');
    if (!/Kept the game in progress/.test(await page.locator('#note').textContent())) throw new Error('no note');
    const kept = await page.locator('#moves li').first().textContent();
    if (!kept.includes(first)) throw new Error(`moves after a "no": ${kept}`);
    // the "no" leaves a way to use the link after all (issue 52 item 18)
    const asks = asked.length;
    await page.locator('#note [data-link-replace]').click();
    await waitUart(page, 'start classic first white console 5 human black match 1/2');
    if (asked.length !== asks) throw new Error('asked again after "Start the link\'s game instead"');
    answer = true;
    await page.goto(`${url}?board=jarmo-handheld&rules=classic&side=white`);
    await waitUart(page, 'start classic first white console 5 human white match 1/2');
    // a game in which nothing was played yet is replaced without asking
    const asks2 = asked.length;
    await simWait(page, 500);
    await page.goto(`${url}?board=jarmo-handheld&level=4`);
    await waitUart(page, 'start classic first white console 4 human white match 1/2');
    if (asked.length !== asks2) throw new Error(`asked over a game with no move played: ${asked[asked.length - 1]}`);
    await context.close();
    return `asked: "${asked[0].split('\n')[0]}"`;
  });

  // the board chooser: no key and no unconfirmed click switches; a switch
  // and back finds the game where it was
  await run('board-chooser-keeps-game', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    let answer = false;
    page.on('dialog', (d) => (answer ? d.accept() : d.dismiss()));
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitUart(page, 'jarmo jarmo-handheld ready');
    await simWait(page, 300);
    await tapKey(page, 'b');
    await enterMove(tapKey, page, { at: 'c1' }, 'c1-d3');
    await waitFor('the console\'s reply', 8000, async () => (await movesOf(page)).length === 2);
    await simWait(page, 1500);
    const before = await page.locator('#moves li').first().textContent();
    const nano = page.locator('.board-choice[data-board="jarmo-nano"]');
    await nano.focus();
    for (const k of ['ArrowDown', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(k);
    await nano.click(); // asked, and "no"
    await sleep(500);
    if (!page.url().endsWith('?board=jarmo-handheld')) throw new Error(`switched without a yes: ${page.url()}`);
    answer = true;
    await nano.click();
    await waitUart(page, 'jarmo jarmo-nano ready');
    await page.locator('.board-choice[data-board="jarmo-handheld"]').click();
    await waitUart(page, 'resume classic');
    await waitFor('the moves again', 3000, async () => (await page.locator('#moves li').first().textContent()) === before);
    await context.close();
    return before;
  });

  // two tabs of one console: the second says the console is open elsewhere
  // and stores nothing; "Play here instead" takes it over, the first tab
  // stops, and neither overwrites the other's saved game
  await run('two-tabs-one-console', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const first = await context.newPage();
    await first.goto(`${url}?board=jarmo-handheld`);
    await waitUart(first, 'jarmo jarmo-handheld ready');
    await simWait(first, 300);
    await tapKey(first, 'b');
    await enterMove(tapKey, first, { at: 'c1' }, 'c1-d3');
    await waitFor('the console\'s reply', 8000, async () => (await movesOf(first)).length === 2);
    await simWait(first, 1500);
    const second = await context.newPage();
    await second.goto(`${url}?board=jarmo-handheld`);
    await waitFor('the second tab\'s note', 5000, () => second.locator('#elsewhere').isVisible());
    const note = await second.locator('#elsewhere span').textContent();
    if (!/already open in another tab/.test(note)) throw new Error(`the note says: ${note}`);
    await sleep(1000);
    if ((await uart(second)).includes('ready')) throw new Error('the second tab runs the console too');
    const stored = () => first.evaluate(() => localStorage.getItem('jarmo-eeprom-jarmo-handheld'));
    const savedByFirst = await stored();
    await second.locator('#elsewhere button').click();
    await waitUart(second, 'resume classic');
    await waitFor('the first tab\'s note', 5000, () => first.locator('#elsewhere').isVisible());
    const firstNote = await first.locator('#elsewhere span').textContent();
    if (!/now open in another tab/.test(firstNote)) throw new Error(`the first tab says: ${firstNote}`);
    // the second tab plays on; the first, still on screen, writes nothing
    await simWait(second, 300);
    await tapKey(second, 'b');
    // a plain step the engine finds legal after the first tab's two moves
    const e = engine();
    await e.ask('rules classic');
    for (const m of await movesOf(first)) await e.ask(`play ${m}`);
    const step = (await e.ask('legal')).slice(2).split(' ').find((m) => /^[a-e][1-5]-[a-e][1-5]$/.test(m));
    e.close();
    await enterMove(tapKey, second, { at: 'c1' }, step);
    await waitFor('the reply in the second tab', 8000, async () => (await movesOf(second)).length >= 2); // since its resume
    await simWait(second, 1500);
    const savedBySecond = await stored();
    await tapKey(first, 'b');
    await sleep(800);
    if ((await stored()) !== savedBySecond) throw new Error('the first tab wrote after it lost the console');
    if (savedBySecond === savedByFirst) throw new Error('the second tab\'s moves were not saved');
    // a reload of the second tab resumes its own game, with both moves
    await second.reload();
    await waitUart(second, 'resume classic');
    await context.close();
    return 'the second tab took over; the first stopped writing';
  });

  // the scrolling words as text under the console while they scroll; a
  // button skips them, and the text goes too; the legend counts columns
  // as a person does
  await run('words-under-the-console', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitFor('the start words under the console', 5000, async () =>
      (await page.locator('#words').isVisible()) &&
      (await page.locator('#words').textContent()) === 'GAME 1 OF 2 - CLASSIC - YOU ARE GREEN - YOU START');
    await tapKey(page, 'b');
    await waitFor('the words gone', 3000, async () => !(await page.locator('#words').isVisible()));
    const legend = await page.evaluate(() => document.body.textContent);
    if (/columns 6 \/ 7/.test(legend) || !/7th \/ 8th column/.test(legend)) throw new Error('the legend counts columns from 0');
    const speed = await page.locator('#flash option[value="115200"]').textContent();
    if (!/handheld/.test(speed)) throw new Error(`the flasher's speed: ${speed}`);
    await context.close();
    return 'shown while scrolling, gone after B';
  });

  // a game opened by link and from files: kept in the list; a bad file is
  // refused with the line at fault and changes nothing
  await run('records-link-and-import', async () => {
    // a whole jasir game by the host engine (the page replays every
    // record it takes in: its result must be its moves')
    const { played, w, b, winner, record } = await jasirGame();
    const rec = record('2026-11-26T19:40:12Z');
    const who = winner === 'draw' ? 'a draw' : `${winner === 'white' ? 'P1' : 'P2'} wins`;
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}?board=jarmo-handheld#game=${encodeURIComponent(rec)}`);
    await waitFor('the linked game in the list', 8000, async () => (await page.locator('#records li[data-record]').count()) === 1);
    const view = await page.locator('#record-view').textContent();
    if (view !== rec) throw new Error(`the view shows: ${view}`);
    const input = page.locator('#import-record');
    await input.setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(rec.replace(` ${played[1]}`, ' d4-z9')) });
    await waitFor('the refusal', 3000, async () => /line 10: "d4-z9" is not a move.*Nothing was changed/.test(await page.locator('#record-note').textContent()));
    // a Result its moves do not give: refused with both
    await input.setInputFiles({ name: 'wrong.txt', mimeType: 'text/plain', buffer: Buffer.from(rec.replace(`[Result "${w}-${b} ${winner}"]`, '[Result "10-0 white"]')) });
    await waitFor('the refusal of a wrong result', 3000, async () => /Result "10-0 white", but its moves end .*Nothing was changed/.test(await page.locator('#record-note').textContent()));
    if ((await page.locator('#records li[data-record]').count()) !== 1) throw new Error('a bad file changed the list');
    await input.setInputFiles({ name: 'good.txt', mimeType: 'text/plain', buffer: Buffer.from(rec.replace('2026-11-26T19:40:12Z', '2026-11-27T08:00:00Z')) });
    await waitFor('the imported game', 3000, async () => (await page.locator('#records li[data-record]').count()) === 2);
    const first = await page.locator('#records li[data-record]').first().textContent();
    // the winner's points first, as the console says a score (the record's
    // Result tag stays green's first); a move is one side's turn
    const score = winner === 'black' ? `${b}-${w}` : `${w}-${b}`;
    if (!first.startsWith(`2026-11-27 08:00 · jasir · P1 (green) v P2 (red) · ${who} ${score} · ${played.length} moves`)) throw new Error(`the newest entry: ${first}`);
    // a file of two records, typed as a person would (the rules and the
    // moves alone): both kept, their results from their moves
    const typed = `[Rules "jasir"]\n${played.join(' ')}\n\n[Rules "jasir"]\n[Date "2026-11-28T09:00:00Z"]\n${played.join(' ')}\n`;
    await input.setInputFiles({ name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from(typed) });
    await waitFor('two typed games', 3000, async () => (await page.locator('#records li[data-record]').count()) === 4);
    await page.locator('#records-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/records.png` });
    await context.close();
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    return 'a link, a bad file and a wrong result refused, a good one added, a typed file of two added';
  });

  // a link of games over a full list: none of the kept games pushed out,
  // the page says so, and a button lets the player make room (issue 54 A)
  await run('records-link-never-pushes-out-kept-games', async () => {
    const { record: rec } = await jasirGame();
    const at = (y, i) => new Date(Date.UTC(y, 0, 1, 0, 0, i)).toISOString().slice(0, 19) + 'Z';
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (er) => errors.push(er.message));
    await page.goto(`${url}?board=jarmo-handheld`);
    // 200 kept games, as the page stores them; then a link of three more
    await page.evaluate((k) => localStorage.setItem('jarmo-records', JSON.stringify(k)), Array.from({ length: 200 }, (_, i) => rec(at(2026, i))));
    const link = [0, 1, 2].map((i) => rec(at(2027, i))).join('\n');
    await page.goto(`${url}?board=jarmo-handheld#game=${encodeURIComponent(link)}`);
    const note = page.locator('#record-note');
    await waitFor('the note on the full list', 8000, async () => /They are not kept: the list is full \(200 games\)/.test(await note.textContent()));
    const stored = async () => page.evaluate(() => JSON.parse(localStorage.getItem('jarmo-records')));
    const kept = await stored();
    if (kept.length !== 200 || kept.some((t) => t.includes('2027-01-01'))) throw new Error(`kept ${kept.length}, an opened game among them: ${kept.some((t) => t.includes('2027-01-01'))}`);
    const said = await note.textContent();
    await page.locator('#keep-opened').click();
    await waitFor('the three kept at the player\'s say', 3000, async () => (await stored()).filter((t) => t.includes('2027-01-01')).length === 3);
    const after = await stored();
    await context.close();
    if (after.length !== 200) throw new Error(`${after.length} kept after the button`);
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    return `200 kept games stayed (${said.slice(said.indexOf('They')).slice(0, 90)}...); the button kept the 3, the 3 oldest dropped`;
  });

  // an unfinished game opens, is listed as unfinished and is played on
  // from its last move against the engine, on the board; every move kept;
  // at its end the record has its result (issue 52 item 16: it was refused
  // "not over after its 10 moves")
  await run('records-unfinished-played-on', async () => {
    const e = engine();
    await e.ask('rules classic');
    const moves = [];
    for (let i = 0; i < 200 && !(await e.ask('result')).startsWith('= over'); i++) moves.push((await e.ask(`genmove ${1 + (i % 2)}`)).slice(2));
    const cut = moves.slice(0, moves.length - 3);
    const you = cut.length % 2 === 0 ? 'White' : 'Black';
    const rec = `[Rules "classic"]\n[${you} "you"]\n[${you === 'White' ? 'Black' : 'White'} "console 2"]\n[Level "2"]\n\n${cut.map((m, i) => `${i + 1}. ${m}`).join(' ')}\n`;
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (er) => errors.push(er.message));
    await page.goto(`${url}?board=jarmo-handheld#game=${encodeURIComponent(rec)}`);
    const entry = page.locator('#records li[data-unfinished]');
    await waitFor('the unfinished game in the list', 8000, async () => (await entry.count()) === 1);
    const listed = await entry.locator('span').textContent();
    const note = await page.locator('#record-note').textContent();
    if (!new RegExp(`· unfinished · ${cut.length} moves$`).test(listed) || !/unfinished: "Play on"/.test(note)) throw new Error(`listed "${listed}", said "${note}"`);
    await entry.locator('[data-play-on]').click();
    // (the review's empty table stays out of sight until a review: its
    // caption and headings showed under every replay)
    if (await page.locator('table.review').isVisible()) throw new Error('the empty review table shows before any review');
    const played = [...cut];
    for (let i = 0; i < 80; i++) {
      await waitFor('your turn or the end', 30000, async () => (await page.locator('.play-on').getAttribute('data-over')) === 'true' ||
        (await page.locator('#replay .replay-board').getAttribute('data-picking')) === 'from');
      if ((await page.locator('.play-on').getAttribute('data-over')) === 'true') break;
      // the position on the board is the record's: the host engine's legal moves there
      const now = await page.evaluate(() => [...document.querySelectorAll('#replay .replay-moves li')].map((li) => li.textContent.replace(/^\d+\. /, '')));
      await e.ask('rules classic');
      for (const m of now) await e.ask(`play ${m}`);
      const m = (await e.ask('genmove 1')).slice(2);
      if (i === 0) {
        await page.locator('#replay').screenshot({ path: `${out}/play-on.png` });
        // stepped back a move with the arrows, a move on the board is not
        // played from the last position: the board goes back to it
        await page.locator('#replay').focus();
        await page.keyboard.press('ArrowLeft');
        await playOnBoard(page, '#replay .replay-board', m);
        const at = await page.locator('#replay .replay-moves li.current').getAttribute('data-ply');
        const keptNow = await page.evaluate(() => JSON.parse(localStorage.getItem('jarmo-records') || '[]')[0] || '');
        if (Number(at) !== now.length || keptNow.includes(`${now.length + 1}. ${m}`)) throw new Error(`a move played while the board showed move ${now.length - 1}: at ${at}`);
      }
      await playOnBoard(page, '#replay .replay-board', m);
      played.push(m);
      await waitFor('your move kept', 5000, async () => (await page.evaluate(() => JSON.parse(localStorage.getItem('jarmo-records') || '[]')[0] || '')).includes(m));
    }
    e.close();
    const said = await page.locator('.play-on-say').textContent();
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('jarmo-records') || '[]'));
    await context.close();
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    if (kept.length !== 1 || !/\[Result "\d+-\d+ (white|black|draw)"\]/.test(kept[0]) || !/^The game is over: .* · (you win|console 2 wins|a draw) \d+-\d+ · \d+ moves\. It is kept/.test(said))
      throw new Error(`said "${said}"; kept ${JSON.stringify(kept).slice(0, 300)}`);
    return said;
  });

  // the game being played is in the list as in progress, after a reload
  // too, and the list keeps only finished games (issue 44 item 6)
  await run('records-game-in-progress', async () => {
    const { context, page, errors } = await openConsole(browser, url, 'jarmo-handheld');
    await waitUart(page, 'start classic first white console 2 human white');
    await simWait(page, 300);
    await tapKey(page, 'b'); // the start's words
    const entry = page.locator('#records li[data-in-progress]');
    await waitFor('the game in progress in the list', 5000, async () => /^in progress · classic · you \(green\) v console 2 \(red\) · 0 moves so far/.test((await entry.textContent().catch(() => '')) || '') || (await entry.count()));
    await enterMove(tapKey, page, { at: 'c1' }, 'c1-d3');
    await waitUart(page, 'move c1-d3');
    await waitFor('its first move counted', 5000, async () => /· [12] moves? so far/.test(await entry.textContent()));
    if ((await page.locator('#records li[data-record]').count()) !== 0) throw new Error('an unfinished game was kept as a record');
    await page.reload();
    await waitUart(page, 'resume classic');
    await waitFor('the game in progress after a reload', 8000, async () => /^in progress · classic · .* [12] moves? so far/.test((await entry.textContent().catch(() => '')) || ''));
    await context.close();
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    return 'in the list as in progress, before and after a reload, not kept until it ends';
  });

  // progress from kept games against the console: the counts, the best
  // run of wins and a chart with a bar a game
  await run('progress', async () => {
    const rec = (day, white, black, result, rules, level) =>
      `[Date "2026-11-${day}T10:00:00Z"]\n[Rules "${rules}"]\n[White "${white}"]\n[Black "${black}"]\n[Level "${level}"]\n[Result "${result}"]\n\n1. b1-d2\n`;
    const kept = [rec(10, 'you', 'console 3', '8-4 white', 'classic', 3), rec(11, 'console 3', 'you', '3-9 black', 'classic', 3),
      rec(12, 'you', 'console 4', '2-6 black', 'ludos', 4), rec(13, 'you', 'console 4', '5-5 draw', 'ludos', 4),
      rec(14, 'P1', 'P2', '8-4 white', 'jasir', '-')];
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    await context.addInitScript((k) => localStorage.setItem('jarmo-records', k), JSON.stringify(kept));
    const page = await context.newPage();
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitFor('the progress', 8000, async () => /4 games against the console/.test(await page.locator('#progress').textContent()));
    const t = await page.evaluate(() => ({
      summary: document.querySelector('.progress-summary').textContent,
      bars: [...document.querySelectorAll('.progress-chart rect[data-game]')].map((r) => r.dataset.result),
      line: document.querySelector('.progress-chart polyline')?.getAttribute('points').split(' ').length,
      rows: Object.fromEntries([...document.querySelectorAll('tr[data-progress]')].map((r) => [r.dataset.progress, [...r.cells].slice(1).map((c) => c.textContent).join('/')])),
    }));
    if (t.summary !== '4 games against the console: 2 won, 1 drawn, 1 lost. Best run of wins: 2.' || t.bars.join(' ') !== 'win win loss draw' || t.line !== 4 ||
        t.rows.classic !== '2/2/0/0' || t.rows.ludos !== '2/0/1/1' || t.rows['level 4'] !== '2/0/1/1')
      throw new Error(JSON.stringify(t));
    await page.locator('#progress-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/progress.png` });
    await context.close();
    return t.summary;
  });

  // puzzles: a wrong move answered with why, the right one with the line,
  // the progress kept across a reload
  // the console plays jasir (a link's setting): the first puzzle is jasir's
  await run('puzzles-in-the-consoles-rules', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    page.on('dialog', (d) => d.accept());
    await page.goto(`${url}?board=jarmo-handheld&rules=jasir`);
    await waitUart(page, 'start jasir');
    await waitFor('a puzzle', 8000, puzzleReady(page));
    const id = await page.locator('#puzzles').getAttribute('data-puzzle');
    const goal = await page.locator('.puzzle-goal').textContent();
    await context.close();
    if (!/^jasir-\d+$/.test(id) || !goal.includes('(jasir, after')) throw new Error(`${id}: ${goal}`);
    return `${id}: ${goal}`;
  });

  // a browser whose storage is full: an answer still rates, and the page
  // says that nothing is kept (issue 54 H: it said "none rated yet")
  await run('puzzles-storage-full-said', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    await context.addInitScript(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (String(k).startsWith('jarmo-puzzle') || k === 'jarmo-my-puzzles') throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (er) => errors.push(er.message));
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitFor('the first puzzle', 8000, puzzleReady(page));
    const id = await page.locator('#puzzles').getAttribute('data-puzzle');
    const p = JSON.parse(readFileSync(`${build}/web/puzzles.json`, 'utf8')).find((x) => x.id === id);
    await playOnBoard(page, '.puzzle-board', Object.keys(p.wrong)[0]);
    const rated = await page.evaluate(() => ({ ...document.querySelector('.puzzle-rating').dataset, text: document.querySelector('.puzzle-rating').textContent }));
    await context.close();
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    if (!(Number(rated.rating) < 1200 && rated.count === '1' && rated.unkept === 'true' && /storage is full/.test(rated.text)))
      throw new Error(`the rating: ${JSON.stringify(rated)}`);
    return rated.text;
  });

  // a stored console memory the page cannot read: kept aside, said, and the
  // console starts as a new one (issue 54 J: it was overwritten silently)
  await run('eeprom-unreadable-kept-aside-and-said', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    await page.goto(`${url}?board=jarmo-nano`);
    await page.evaluate(() => localStorage.setItem('jarmo-eeprom-jarmo-handheld', 'not an image'));
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitUart(page, 'jarmo jarmo-handheld ready');
    const note = await page.locator('#note').textContent();
    const aside = await page.evaluate(() => localStorage.getItem('jarmo-eeprom-jarmo-handheld-unreadable'));
    await page.screenshot({ path: `${out}/eeprom-unreadable.png` });
    await context.close();
    if (aside !== 'not an image' || !/could not be read.*kept aside, unchanged/.test(note)) throw new Error(`${aside}: ${note}`);
    return note;
  });

  // the review worker answers every message, one that is not a request too
  // (issue 54 J: a null message was never answered: the page waited on)
  await run('review-worker-answers-every-message', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}?board=jarmo-handheld`);
    const got = await page.evaluate(() => Promise.all([null, 7, 'x'].map((m) => new Promise((resolve) => {
      const w = new Worker('review_worker.js', { type: 'module' });
      const t = setTimeout(() => resolve('no answer'), 5000);
      w.onmessage = (ev) => { clearTimeout(t); w.terminate(); resolve(ev.data.error || 'an answer without an error'); };
      w.postMessage(m);
    }))));
    await context.close();
    if (!got.every((g) => g.startsWith('not a request'))) throw new Error(JSON.stringify(got));
    return got.join(' | ');
  });

  // the help says how a game is won, in every rule set, and shows all four
  // a click away (issue 52 item 17: only the rule set in play was shown,
  // and nowhere that the higher score wins)
  await run('help-says-who-wins-in-every-rule-set', async () => {
    const { context, page } = await openConsole(browser, url, 'jarmo-handheld');
    const teach = await page.locator('.teach').textContent();
    const sets = await page.evaluate(() => [...document.querySelectorAll('.all-rules [data-rules-all]')].map((d) => d.dataset.rulesAll).join(' '));
    const hiddenBefore = !(await page.locator('.all-rules [data-rules-all="jasir"]').isVisible());
    await page.locator('.all-rules summary').click();
    const shownAfter = await page.locator('.all-rules [data-rules-all="jasir"]').isVisible();
    const jasir = await page.locator('.all-rules [data-rules-all="jasir"]').textContent();
    await context.close();
    if (!/the higher score wins/.test(teach) || sets !== 'classic brainking ludos jasir' || !hiddenBefore || !shownAfter || !/winner takes all/.test(jasir))
      throw new Error(`${sets}; hidden ${hiddenBefore}, shown ${shownAfter}; ${teach.slice(0, 80)}`);
    return sets;
  });

  // the puzzles show the pieces off the board (issue 52 item 10: 61 of 64
  // have captured or reserve pieces, and nothing showed them)
  await run('puzzles-show-pieces-off-the-board', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitFor('the puzzles', 8000, puzzleReady(page));
    const all = JSON.parse(readFileSync(`${build}/web/puzzles.json`, 'utf8'));
    let withOff = 0;
    for (const p of all.slice(0, 12)) {
      await page.locator('.puzzle-choose').selectOption(p.id);
      const got = await page.evaluate((p) => {
        const r = window.jarmo.text.replay(p.rules, p.first || 'white', p.moves);
        const off = r.positions[r.positions.length - 1].off;
        const shown = (s) => document.querySelector(`.puzzle-off [data-off="${s}"]`).textContent;
        return { want: [off.white, off.black].map((o) => `${o.ready} to place, ${o.captured} captured`), shown: [shown('white'), shown('black')], any: off.white.captured + off.white.ready + off.black.captured + off.black.ready };
      }, p);
      if (got.shown.join('|') !== got.want.join('|')) throw new Error(`${p.id}: shows ${got.shown.join(' / ')}, the position has ${got.want.join(' / ')}`);
      if (got.any) withOff++;
    }
    await context.close();
    if (!withOff) throw new Error('no puzzle of twelve with pieces off the board');
    return `${withOff} of 12 with pieces off the board, each shown`;
  });

  // a reload at a game's end says the result the console was showing
  // (issue 52 item 8: the console goes on with the next game, which it had
  // saved, and the result was gone)
  await run('reload-at-the-end-says-the-result', async () => {
    // (written from the other console's page: the handheld's own page would
    // write its log over it as its console starts)
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    await page.goto(`${url}?board=jarmo-nano`);
    await page.evaluate(() => localStorage.setItem('jarmo-moves-jarmo-handheld', JSON.stringify({
      setup: { rules: 'classic', first: 'white', level: '2', human: 'black', game: '2', games: '2' }, moves: ['c1-d3'],
      results: ['Game 1 of 2: you win 6-2 (all across).', 'Game 2 of 2: the console wins 7-5 (no moves left).', 'Match: you win 11-9.'], over: true })));
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitUart(page, 'jarmo jarmo-handheld ready');
    const note = await page.locator('#note').textContent();
    await context.close();
    if (note !== 'Before the reload: Game 2 of 2: the console wins 7-5 (no moves left). Match: you win 11-9.') throw new Error(`the note: ${note}`);
    return note;
  });

  // the words appearing and going do not move the status (issue 52 item
  // 19: it jumped about 50 px each time)
  await run('words-keep-their-room', async () => {
    const { context, page } = await openConsole(browser, url, 'jarmo-handheld');
    await waitFor('the start words', 5000, async () => page.locator('#words').isVisible());
    const top = () => page.evaluate(() => Math.round(document.querySelector('#status').getBoundingClientRect().top));
    const withWords = await top();
    await tapKey(page, 'b');
    await waitFor('the words gone', 3000, async () => !(await page.locator('#words').isVisible()));
    const without = await top();
    await context.close();
    if (withWords !== without) throw new Error(`the status at ${withWords} px with words, ${without} px without`);
    return `${without} px either way`;
  });

  await run('puzzles', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (er) => errors.push(er.message));
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitFor('the first puzzle', 8000, puzzleReady(page));
    const id = await page.locator('#puzzles').getAttribute('data-puzzle');
    const p = JSON.parse(readFileSync(`${build}/web/puzzles.json`, 'utf8')).find((x) => x.id === id);
    const wrong = Object.keys(p.wrong)[0];
    await playOnBoard(page, '.puzzle-board', wrong);
    const a1 = await page.locator('.puzzle-answer').textContent();
    if ((await page.locator('.puzzle-answer').getAttribute('data-result')) !== 'wrong' || !a1.startsWith(`Not this one: ${wrong} `)) throw new Error(`wrong move: ${a1}`);
    // the first answer rated the player (Elo): a miss lowers the rating from 1200
    const rated = await page.evaluate(() => ({ ...document.querySelector('.puzzle-rating').dataset, text: document.querySelector('.puzzle-rating').textContent }));
    if (!(Number(rated.rating) < 1200 && rated.count === '1' && /^Your puzzle rating: \d+ \(1 puzzle rated\)\.$/.test(rated.text))) throw new Error(`the rating: ${JSON.stringify(rated)}`);
    const goalText = await page.locator('.puzzle-goal').textContent();
    const twice = Boolean(p.then);
    if (!new RegExp(`\\((${p.rules}), after ${p.moves.length} moves; (easy|medium|hard), rated ${p.rating}${twice ? '; two moves to find' : ''}(; [a-z, ]+)?\\)\\. Play it on the board: a (green|red) piece, then its point\\.$`).test(goalText)) throw new Error(`the goal: ${goalText}`);
    // the wrong move is shown with its reply; Try again puts the position back
    await page.locator('[data-puzzle-retry]').click();
    await waitFor('the position back', 3000, puzzleReady(page));
    // a piece chosen shows where it may go; a second click drops it
    const [from, to] = p.solution[0].match(/[a-e][1-5]/g);
    if (!p.solution[0].startsWith('@')) {
      await page.locator(`.puzzle-board [data-point="${from}"]`).click();
      const targets = await page.evaluate(() => [...document.querySelectorAll('.puzzle-board .target')].map((c) => c.dataset.point));
      if (!targets.includes(to)) throw new Error(`${from} chosen: its points ${targets.join(' ')} miss ${to}`);
      await page.locator(`.puzzle-board [data-point="${from}"]`).click();
      if ((await page.locator('.puzzle-board').getAttribute('data-picking')) !== 'from') throw new Error('a second click on the chosen piece did not drop it');
    }
    await playOnBoard(page, '.puzzle-board', p.solution[0]);
    if (twice) {
      // the opponent's reply played by the page, then the second move asked
      await waitFor('the reply and the second ask', 3000, async () => (await page.locator('#puzzles').getAttribute('data-ask')) === '1');
      const mid = await page.locator('.puzzle-answer').textContent();
      if (!mid.startsWith(`Right: ${p.solution[0]}. `) || !mid.includes(`answers ${p.solution[1]}: find the next move`)) throw new Error(`after the first move: ${mid}`);
      await page.locator('#puzzles').screenshot({ path: `${out}/puzzles-second-move.png` });
      await playOnBoard(page, '.puzzle-board', p.solution[2]);
    }
    await waitFor('the line on the board', 3000, async () => (await page.locator('.puzzle-answer').getAttribute('data-result')) === 'right');
    await sleep(800); // the reply shown after a beat
    const a2 = await page.locator('.puzzle-answer').textContent();
    if (!a2.startsWith(`Right: ${p.solution[twice ? 2 : 0]}, the only move that`) || !a2.includes(`The line: ${p.solution.join(' ')}`)) throw new Error(`right move: ${a2}`);
    // the right move after a wrong one does not rate again
    if ((await page.locator('.puzzle-rating').getAttribute('data-count')) !== '1') throw new Error('a second answer was rated');
    // the board shows the position at the line's end: the engine's
    const e = engine();
    await e.ask(`rules ${p.rules}`);
    for (const m of [...p.moves, ...p.solution]) await e.ask(`play ${m}`);
    const rows = (await e.ask('fen')).slice(2).split(' ')[0];
    e.close();
    const want = {};
    rows.split('/').forEach((row, i) => [...row].forEach((ch, f) => (want[`${'abcde'[f]}${5 - i}`] = ch)));
    const got = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.puzzle-board [data-point]')].map((c) => [c.dataset.point, c.dataset.piece])));
    if (Object.keys(want).some((k) => want[k] !== got[k])) throw new Error(`the board after the line: ${JSON.stringify(got)}`);
    await page.locator('#puzzles').screenshot({ path: `${out}/puzzles.png` });
    await page.reload();
    await waitFor('the progress kept', 8000, async () => /^Solved 1 of \d+\.$/.test(await page.locator('.puzzle-progress').textContent()));
    const now = await page.locator('#puzzles').getAttribute('data-puzzle');
    // the list and the board agree (issue 52 item 9: after a reload or
    // "Find puzzles in my games" the list showed another puzzle)
    const agree = () => page.evaluate(() => document.querySelector('.puzzle-choose').selectedOptions[0]?.value === document.querySelector('#puzzles').dataset.puzzle);
    if (!(await agree())) throw new Error('after a reload the list shows another puzzle than the board');
    const keptRating = await page.locator('.puzzle-rating').getAttribute('data-rating');
    if (now === id) throw new Error('after a reload the solved puzzle is shown again, not the next');
    if (keptRating !== rated.rating) throw new Error(`the rating after a reload: ${keptRating}, was ${rated.rating}`);
    // your mistakes: a kept game of yours that reached a puzzle's position
    // and played its worst move there becomes a puzzle of your own, with
    // the same proof (every move judged by the review's engine)
    const all = JSON.parse(readFileSync(`${build}/web/puzzles.json`, 'utf8'));
    // (a win thrown away: the costliest move of the game, whatever the opening's random moves cost)
    const src = all.find((x) => x.rules === 'classic' && x.value >= 8000);
    const worstMove = Object.entries(src.wrong).sort((x, y) => x[1].value - y[1].value)[0][0];
    const you = src.moves.length % 2 === 0 ? 'White' : 'Black';
    // played on to its end by the host engine: a kept record is a finished
    // game, its result from its moves
    const eng = engine();
    await eng.ask('rules classic');
    await eng.ask('level 1');
    const moves = [...src.moves, worstMove];
    for (const m of moves) {
      const a = await eng.ask(`play ${m}`);
      if (a !== '= ok') throw new Error(`the engine refused ${m}: ${a}`);
    }
    for (let i = 0; i < 400; i++) {
      const m = await eng.ask('genmove');
      if (!m.startsWith('= ')) break;
      moves.push(m.slice(2));
    }
    eng.close();
    const rec = `[Rules "classic"]\n[White "${you === 'White' ? 'you' : 'console 3'}"]\n[Black "${you === 'Black' ? 'you' : 'console 3'}"]\n\n` +
      moves.map((m, i) => `${i + 1}. ${m}`).join(' ') + '\n';
    await page.goto(`${url}?board=jarmo-handheld#game=${encodeURIComponent(rec)}`);
    await waitFor('the kept game', 8000, async () => (await page.locator('#records li[data-record]').count()) === 1);
    await waitFor('the puzzles', 8000, puzzleReady(page));
    await page.locator('[data-puzzle-mine]').click();
    await waitFor('your mistakes', 120000, async () => /^(Looked at|Could not|No kept)/.test(await page.locator('.puzzle-mine-status').textContent()));
    const mineText = await page.locator('.puzzle-mine-status').textContent();
    const mine = await page.evaluate(() => JSON.parse(localStorage.getItem('jarmo-my-puzzles') || '[]'));
    // (the puzzle's own opening has random moves: others of yours may be found too)
    const m0 = mine.find((x) => x.moves.join(' ') === src.moves.join(' '));
    if (!m0 || m0.played !== worstMove) throw new Error(`${mineText} ${src.id} ${src.moves.join(" ")} ${worstMove}; found ${mine.map((x) => `${x.moves.length}:${x.played}`).join(", ")}`);
    for (const x of mine) {
      const judgedMine = [{ value: x.value }, ...Object.values(x.wrong)].sort((a, b) => b.value - a.value);
      if (judgedMine[0].value !== x.value || !(x.value >= 8000 ? judgedMine[1].value < 8000 : x.value >= 100 && judgedMine[1].value < 100 && x.value - judgedMine[1].value >= 200) ||
          judgedMine.length < 4 || x.solution[0] === x.played) throw new Error(`not proven: ${x.id} ${JSON.stringify(judgedMine)}`);
    }
    if (Object.keys(m0.wrong).length !== Object.keys(src.wrong).length) throw new Error(`${m0.id}: ${Object.keys(m0.wrong).length} wrong moves, the position has ${Object.keys(src.wrong).length}`);
    // shown as your own, counted apart, and playable: its answer is right
    const progressText = await page.locator('.puzzle-progress').textContent();
    const shownId = await page.locator('#puzzles').getAttribute('data-puzzle');
    if (!mine.some((x) => x.id === shownId) || !new RegExp(`Your mistakes: 0 of ${mine.length} solved\\.$`).test(progressText)) throw new Error(`shown: ${progressText}`);
    if (!(await agree())) throw new Error('after "Find puzzles in my games" the list shows another puzzle than the board');
    await page.locator('.puzzle-choose').selectOption(m0.id);
    await playOnBoard(page, '.puzzle-board', m0.solution[0]);
    await waitFor('your puzzle solved', 3000, async () => new RegExp(`Your mistakes: 1 of ${mine.length} solved\\.$`).test(await page.locator('.puzzle-progress').textContent()));
    if ((await page.locator('.puzzle-rating').getAttribute('data-count')) !== '1') throw new Error('your own puzzle changed the rating');
    await page.locator('#puzzles').screenshot({ path: `${out}/puzzles-mine.png` });
    await context.close();
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    return `${id}: a wrong move explained and rated (${rated.rating}), the right one with its line, 1 solved after a reload; ${mineText}`;
  });

  // a review of a game of up to 40 moves (the host engine plays it at
  // levels 1-3 with varied seeds): a row for every move, each engine move legal where it
  // stands, the worst marked, the page answering while the worker thinks
  await run('review', async () => {
    const e = engine();
    await e.ask('rules classic');
    const moves = [];
    for (let i = 0; i < 40 && !(await e.ask('result')).startsWith('= over'); i++) {
      await e.ask(`seed ${i * 7 + 1}`);
      moves.push((await e.ask(`genmove ${1 + (i % 3)}`)).slice(2));
    }
    const res = (await e.ask('result')).split(' ');
    const result = res[1] === 'over' ? `${res[2]}-${res[3]} ${res[4]}` : '0-0 draw';
    let rec = `[Rules "classic"]\n[White "P1"]\n[Black "P2"]\n[Result "${result}"]\n\n`;
    moves.forEach((m, i) => (rec += (i % 2 ? '' : `${i / 2 + 1}. `) + m + ' '));
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (er) => errors.push(er.message));
    await page.goto(`${url}?board=jarmo-handheld#game=${encodeURIComponent(rec + '\n')}`);
    await waitFor('the replay', 8000, async () => !(await page.locator('#replay').isHidden()));
    await page.locator('[data-review-start]').click();
    // the page answers while the worker thinks: a step of the replay
    await page.locator('#replay [data-step="next"]').click();
    const stepped = await page.locator('#replay .replay-moves li.current').getAttribute('data-ply');
    await waitFor('the review', 120000, async () => /^Reviewed|stopped|could not/.test(await page.locator('.review-status').textContent()));
    const status = await page.locator('.review-status').textContent();
    const rows = await page.evaluate(() => [...document.querySelectorAll('tr[data-review]')].map((t) => ({ ...t.dataset })));
    if (!/^Reviewed \d+ moves in [\d.]+ s/.test(status) || rows.length !== moves.length) throw new Error(`${status} (${rows.length} rows of ${moves.length})`);
    if (stepped !== '1') throw new Error(`the replay did not step while the review ran: ${stepped}`);
    // each engine move legal in its position, each played move the record's
    const e2 = engine();
    await e2.ask('rules classic');
    for (let i = 0; i < moves.length; i++) {
      const legal = (await e2.ask('legal')).slice(2).split(' ');
      if (rows[i].move !== moves[i] || !legal.includes(rows[i].best)) throw new Error(`row ${i + 1}: ${JSON.stringify(rows[i])}`);
      await e2.ask(`play ${moves[i]}`);
    }
    e.close();
    e2.close();
    const worst = rows.filter((r) => 'worst' in r);
    const costly = rows.filter((r) => Number(r.cost) >= 50).length;
    if (worst.length !== Math.min(3, costly) || worst.some((w) => Number(w.cost) < 50)) throw new Error(`marked ${worst.length} of ${costly} costly moves`);
    // lichess's marks: each row's, counted per side in the summary, with an
    // accuracy; the columns say their units; moves numbered 1..N
    const sides = await page.evaluate(() => [...document.querySelectorAll('.review-summary li[data-side]')].map((li) => ({ ...li.dataset, text: li.textContent })));
    const heads = await page.locator('.review thead').textContent();
    const firstCells = await page.evaluate(() => [...document.querySelectorAll('tr[data-review] td:first-child')].map((td) => td.textContent));
    for (const side of sides) {
      const mine = rows.filter((r) => (Number(r.ply) % 2 === 1) === (side.side === 'white'));
      for (const k of ['inaccuracy', 'mistake', 'blunder']) {
        if (Number(side[k]) !== mine.filter((r) => r.mark === k).length) throw new Error(`${side.side}: ${side[k]} ${k} counted, ${mine.filter((r) => r.mark === k).length} rows marked`);
      }
      if (!/^(Green|Red) \(P[12]\): \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders?, accuracy \d+%$/.test(side.text)) throw new Error(`the summary says: ${side.text}`);
    }
    if (sides.length !== 2 || !/^move\s*played\s*best\s*before\s*after\s*cost\s*mark$/.test(heads.trim()) || !/Scores in pieces/.test(await page.locator('.review caption').textContent()) ||
        firstCells.join(' ') !== moves.map((_, i) => `${i + 1}.`).join(' ')) throw new Error(`summary ${sides.length} sides; heads ${heads}; numbers ${firstCells.slice(0, 4)}`);
    // no cost is more pieces than the board holds (a forced result is said
    // in words), and the graph has a point a move; a click on it shows that
    // move (issue 52 item 14)
    const costs = await page.evaluate(() => [...document.querySelectorAll('tr[data-review] td:nth-child(6)')].map((td) => td.textContent));
    const tooMany = costs.filter((c) => /^[\d.]+$/.test(c) && Number(c) > 10);
    if (tooMany.length || costs.some((c) => !/^([\d.]+|forced win|forced loss|slower win)$/.test(c))) throw new Error(`costs ${tooMany.join(', ') || costs.join(' ')}`);
    const spots = await page.locator('.review-graph rect[data-ply]').count();
    if (spots !== moves.length + 1) throw new Error(`the graph has ${spots} points for ${moves.length} moves`);
    await page.locator('.review-graph').screenshot({ path: `${out}/review-graph.png` });
    await page.locator('.review-graph rect[data-ply="5"]').click({ force: true });
    const shown = await page.locator('#replay .replay-moves li.current').getAttribute('data-ply');
    if (shown !== '5') throw new Error(`a click on the graph's move 5 shows ${shown}`);
    // the engine's best line for a marked move, on the board (issue 52
    // item 14): from the position before it, each move legal there (the
    // host engine plays it), stepped through; Back to the game returns
    const lined = rows.find((r) => r.mark && r.best !== r.move);
    if (lined) {
      await page.locator(`tr[data-ply="${lined.ply}"] [data-line]`).click();
      await waitFor('the best line', 30000, async () => Boolean(await page.locator('#replay').getAttribute('data-line')));
      const line = (await page.locator('#replay').getAttribute('data-line')).split(' ');
      if (line[0] !== lined.best) throw new Error(`the line at move ${lined.ply} starts ${line[0]}, the review's best is ${lined.best}`);
      const e3 = engine();
      await e3.ask('rules classic');
      for (const m of [...moves.slice(0, Number(lined.ply) - 1), ...line]) if ((await e3.ask(`play ${m}`)) !== '= ok') throw new Error(`the line's ${m} is not legal`);
      e3.close();
      const lineItems = await page.locator('#replay .replay-moves li.line').count();
      const at = await page.locator('#replay .replay-moves li.current').getAttribute('data-ply');
      if (lineItems !== line.length || Number(at) !== Number(lined.ply) - 1) throw new Error(`the line: ${lineItems} moves listed, the board at ${at}`);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const piece = await page.evaluate((m) => document.querySelector(`#replay [data-point="${m.match(/[a-e][1-5]/g)[1]}"]`).classList.contains('moved'), line[1]);
      if (line.length > 1 && !piece) throw new Error(`two steps into the line, ${line[1]} is not on the board`);
      await page.locator('#replay').screenshot({ path: `${out}/review-line.png` });
      await page.locator('[data-line-back]').click();
      if ((await page.locator('#replay .replay-moves li.line').count()) || (await page.locator('#replay .replay-moves li').count()) !== moves.length) throw new Error('Back to the game left the line');
      // a click on a row of the review while a line shows: the game's move, the line gone
      await page.locator(`tr[data-ply="${lined.ply}"] [data-line]`).click();
      await waitFor('the best line again', 30000, async () => (await page.locator('#replay .replay-moves li.line').count()) > 0);
      await page.locator('tr[data-ply="3"]').click();
      const rowShown = await page.locator('#replay .replay-moves li.current').getAttribute('data-ply');
      if ((await page.locator('#replay .replay-moves li.line').count()) || rowShown !== '3') throw new Error(`a row's click in a line: the line stayed, or move ${rowShown} shown`);
    }
    // learn from your mistakes (issue 52): each marked move again, on the
    // board; the first answer counts. Here (P1 v P2) both sides' marks: the
    // first retried with the engine's worst move there, then its best (not
    // counted), the rest with their best at once
    const marked = rows.filter((r) => r.mark);
    let wrongFirst = 0;
    if (marked.length) {
      await page.locator('[data-retry-start]').click();
      for (let i = 0; i < marked.length; i++) {
        await waitFor(`the retry of marked move ${i + 1}`, 60000, async () => Boolean(await page.locator('.retry').getAttribute('data-judged')));
        const ply = await page.locator('.retry').getAttribute('data-ply');
        const shown = await page.locator('#replay .replay-moves li.current').getAttribute('data-ply');
        if (ply !== marked[i].ply || Number(shown) !== Number(ply) - 1) throw new Error(`retry ${i + 1}: move ${ply} on the board at ${shown}, wanted ${marked[i].ply}`);
        const values = JSON.parse(await page.locator('.retry').getAttribute('data-judged'));
        if (i === 0) {
          await playOnBoard(page, '#replay .replay-board', values[values.length - 1].move);
          if ((await page.locator('.retry').getAttribute('data-result')) === 'not-yet') wrongFirst = 1;
          await page.locator('#replay').screenshot({ path: `${out}/review-retry.png` });
        }
        await playOnBoard(page, '#replay .replay-board', values[0].move);
        if ((await page.locator('.retry').getAttribute('data-result')) !== 'fixed') throw new Error(`retry ${i + 1}: the engine's best ${values[0].move} did not pass`);
        await page.locator('[data-retry-next]').click();
      }
      await waitFor('the retries done', 10000, async () => (await page.locator('.retry').getAttribute('data-done')) === 'true');
      const said = await page.locator('.retry-say').textContent();
      if (said !== `You fixed ${marked.length - wrongFirst} of ${marked.length} marked move${marked.length === 1 ? '' : 's'}.` || !wrongFirst)
        throw new Error(`${said} (a wrong first answer: ${wrongFirst})`);
    }
    await page.locator('.review').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/review.png` });
    // on a 390 px phone: no sideways scroll, every row one line (issue 52
    // item 15: the table was 490 px wide, moves wrapped in their cells)
    await page.setViewportSize({ width: 390, height: 844 });
    await sleep(200);
    const phone = await page.evaluate(() => {
      const heights = [...document.querySelectorAll('tr[data-review]')].map((t) => Math.round(t.getBoundingClientRect().height));
      const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right + scrollX > 391)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right + scrollX)}`).slice(0, 4);
      return { scroll: document.documentElement.scrollWidth, right: Math.round(document.querySelector('.review').getBoundingClientRect().right),
        lines: new Set(heights).size, wide };
    });
    await page.locator('.review').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/review-390.png` });
    await context.close();
    if (phone.scroll > 390 || phone.right > 390 || phone.lines !== 1) throw new Error(`at 390 px: ${JSON.stringify(phone)}`);
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    const secs = status.match(/in ([\d.]+) s/)[1];
    writeFileSync(`${out}/review.txt`, `review_moves: ${moves.length}\nreview_seconds: ${secs}\n`);
    return `${status.split(';')[0]}; ${worst.length} costliest; ${sides.map((x) => x.text).join('; ')}`;
  });

  // a link to a console this build does not have: said, with the way back
  await run('unknown-board-way-back', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    await page.goto(`${url}?board=unknown`);
    await waitFor('the error', 5000, () => page.locator('#error').isVisible());
    const text = await page.locator('#error').textContent();
    if (!/no console called "unknown"/.test(text)) throw new Error(`the error says: ${text}`);
    if ((await page.locator('.board-choice').count()) < 2) throw new Error('no board buttons');
    await page.locator('#error a[data-board="jarmo-handheld"]').click();
    await waitUart(page, 'jarmo jarmo-handheld ready');
    await context.close();
    return text.slice(0, 60);
  });

  // a phone: no sideways scroll, the console centred, the help and the
  // status above the fold; screenshots of both sizes for a person to look at
  await run('phone-layout', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${url}?board=jarmo-handheld`);
    await waitUart(page, 'jarmo jarmo-handheld ready');
    await simWait(page, 300);
    await page.tap('[data-button="b"]');
    await sleep(500);
    const m = await page.evaluate(() => {
      const r = (s) => document.querySelector(s).getBoundingClientRect();
      return { scroll: document.documentElement.scrollWidth, width: innerWidth, device: r('.device'), help: r('.quick-help'), status: r('#status') };
    });
    await page.screenshot({ path: `${out}/phone.png` });
    if (m.scroll > 390) throw new Error(`scrolls sideways: ${m.scroll} px wide on a 390 px phone`);
    const off = Math.abs(m.device.left - (m.width - m.device.right));
    if (off > 2) throw new Error(`the console is ${off.toFixed(1)} px off centre`);
    if (m.help.bottom > 844) throw new Error(`the help ends at ${m.help.bottom} px, below the fold`);
    // the players' pages (the manual's wide tables) fit a phone too
    const docPage = await context.newPage();
    for (const doc of ['manual', 'quickref', 'rules', 'display', 'records']) {
      await docPage.goto(`${url}docs/${doc}.html`);
      // (a phone widens its layout to the widest thing: compare with the screen's 390 px)
      const w = await docPage.evaluate(() => document.documentElement.scrollWidth);
      if (w > 390) throw new Error(`docs/${doc}.html scrolls sideways: ${w} px wide on a 390 px phone`);
    }
    await context.close();
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const dp = await desk.newPage();
    await dp.goto(`${url}?board=jarmo-handheld`);
    await waitUart(dp, 'jarmo jarmo-handheld ready');
    await dp.screenshot({ path: `${out}/desktop.png` });
    await desk.close();
    return `help ends at ${Math.round(m.help.bottom)} px; ${out}/phone.png, ${out}/desktop.png`;
  });

  // 2. a move with the keyboard, one with clicks; 3. a reload resumes
  await run('keyboard-move', async () => {
    const { context, page } = await openConsole(browser, url, 'jarmo-handheld');
    const cursor = { at: 'c1' };
    await simWait(page, 300);
    await tapKey(page, 'b'); // the start's words
    await enterMove(tapKey, page, cursor, 'c1-d3');
    await waitUart(page, 'move c1-d3').catch(async (e) => {
      throw new Error(`${e.message}; ${await whatItSaw(page)}`);
    });
    // a fresh console plays you against the console: its reply, then your
    // turn again: the bar steady in your colour, your piece on d3
    await waitFor('the console\'s reply', 5000, async () => (await gameMoves(page)).length === 2);
    await waitFor('your turn on the matrix', 2000, async () => {
      const g = await grid(page);
      return (g[7].startsWith('ggggg') && 'gY'.includes(g[2][3])) || g.join('/');
    });
    // the moves in notation and the status in words beside the board
    const [reply] = (await gameMoves(page)).slice(1);
    // (a move is one side's turn: each numbered)
    await waitFor('the move list', 2000, async () => (await page.locator('#moves li').allTextContents()).join('|') === `1. c1-d3|2. ${reply}` ||
      await page.locator('#moves').textContent());
    await waitFor('the status line', 3000, async () => /You are green \(White\)\. Your turn\./.test(await page.locator('#status').textContent()) ||
      await page.locator('#status').textContent());
    // with the menu open the status says so, not "Your turn" (issue 52
    // item 5); B closes it, the game as it was
    await page.keyboard.press('m');
    await waitFor('the status with the menu open', 3000, async () =>
      /You are green \(White\)\. The menu is open: up and down choose, A does it, B goes back\./.test(await page.locator('#status').textContent()) ||
      await page.locator('#status').textContent());
    await tapKey(page, 'b');
    await waitUart(page, 'menu closed');
    await waitFor('the status after the menu', 3000, async () => /You are green \(White\)\. Your turn\./.test(await page.locator('#status').textContent()) ||
      await page.locator('#status').textContent());
    // the piezo: the firmware's key clicks reached the buzzer pin
    const tones = await page.evaluate(() => window.jarmo.buzzer.tones);
    if (tones < 1) throw new Error('no tone on the buzzer pin while keys were pressed');
    globalThis.afterKeyboard = { context, page, cursor };
    return `${tones} tones on the buzzer pin`;
  });
  // a machine too slow for real time: the keys reach the console as the
  // taps they were, in order, even those made while it still starts and
  // saves its first game (Chromium's CPU throttling: 8 times slower)
  await run('keyboard-move-slow-machine', async () => {
    const { context, page } = await openConsole(browser, url, 'jarmo-handheld');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await tapKey(page, 'b'); // the start's words
    await enterMove(tapKey, page, { at: 'c1' }, 'c1-d3');
    await waitUart(page, 'move c1-d3', 20000).catch(async (e) => {
      throw new Error(`${e.message}; ${await whatItSaw(page)}`);
    });
    const s = await page.evaluate(() => window.jarmo.stats());
    await context.close();
    return `real_time_ratio: ${s.ratio.toFixed(2)}`;
  });
  await run('click-move', async () => {
    const { page, cursor } = globalThis.afterKeyboard;
    // your second move, chosen by the engine, entered by clicking the buttons
    const e = engine();
    await e.ask('rules classic');
    for (const m of await gameMoves(page)) await e.ask(`play ${m}`);
    const m = (await e.ask('genmove 1')).slice(2);
    e.close();
    await enterMove(tapClick, page, cursor, m.split('@')[0]);
    await waitUart(page, `move ${m}`);
    await waitFor('the console\'s reply', 5000, async () => (await gameMoves(page)).length === 4);
    return m;
  });
  await run('reload-resumes', async () => {
    const { context, page } = globalThis.afterKeyboard;
    await simWait(page, 1500); // the console's move blinks 0.9 s, the save takes about 0.1 s
    // the board's pieces; a yellow point (the blinking cursor, the last
    // move's origin) in either look is left aside
    const board = (g) => g.slice(0, 5).map((r) => r.slice(0, 5)).join('/');
    const pieces = (g) => [...board(g)].map((c, i) => ('yY'.includes(c) || 'yY'.includes(before[i]) ? '.' : c)).join('');
    let before = '';
    before = board(await grid(page));
    await page.reload();
    await waitUart(page, 'resume classic', 5000);
    await simWait(page, 300);
    await tapKey(page, 'b'); // who is who, in words again
    await waitFor('the resumed position', 3000, async () => {
      const g = await grid(page);
      return (pieces(g) === pieces(before.split('/')) && g[7].startsWith('ggggg')) || `${board(g)} != ${before}`;
    });
    await context.close();
  });

  // 4. a whole game against the console, entered with the keyboard
  await run('game-against-console', async () => {
    const { context, page, errors } = await openConsole(browser, url, 'jarmo-handheld');
    // a fresh console: you (White) against the console at level 2
    await waitUart(page, 'start classic first white console 2 human white');
    await simWait(page, 300);
    await tapKey(page, 'b'); // the start's words
    const e = engine();
    await e.ask('rules classic');
    const cursor = { at: 'c1' };
    let seen = 0;
    let plies = 0;
    const until = Date.now() + 240000;
    const gameMoves = () => movesOf(page);
    const catchUp = async () => {
      const moves = await gameMoves();
      for (; seen < moves.length; seen++, plies++) {
        const r = await e.ask(`play ${moves[seen]}`);
        if (r !== '= ok') throw new Error(`the console played ${moves[seen]}: the engine says ${r}`);
      }
    };
    let over;
    while (!(over = (await uart(page)).match(/^over (\d+) (\d+) (\w+) (\S+)$/m))) {
      if (Date.now() > until) throw new Error(`no result after ${plies} plies`);
      await catchUp();
      if (seen % 2 === 0 && !(await e.ask('result')).startsWith('= over')) {
        // White (the human) to move: the engine's level 1 chooses
        await e.ask(`seed ${plies}`);
        const m = (await e.ask('genmove 1')).slice(2);
        await e.ask('undo');
        // the console asks for a return point only when the arrival has
        // more than one (firmware/game/ui.c, as sim/sim_autoplay.c enters
        // it); with one, A on the arrival completes the move, and taps
        // meant for the return point would land in the console's turn
        const arrival = (x) => x.split('@')[0];
        const variants = (await e.ask('legal')).slice(2).split(' ').filter((x) => arrival(x) === arrival(m)).length;
        await enterMove(tapKey, page, cursor, variants === 1 && !m.startsWith('@') ? arrival(m) : m);
        await waitFor(`the console taking ${m}`, 8000, async () => (await gameMoves())[seen] === m).catch(async (err) => {
          writeFileSync(`${out}/game-uart.txt`, (await uart(page)) + JSON.stringify(await page.evaluate(() => window.jarmo.mcu.resets)));
          await page.screenshot({ path: `${out}/game-failed.png` });
          throw new Error(`${err.message} (debug console: ${out}/game-uart.txt)`);
        });
      } else {
        await sleep(100);
      }
    }
    await catchUp();
    // the firmware never restarted on the way (a watchdog reset or a crash
    // into the reset vector would print "ready" again)
    const resets = await page.evaluate(() => window.jarmo.mcu.resets.length);
    const readies = (await uart(page)).split('\n').filter((l) => l.startsWith('jarmo ')).length;
    if (resets || readies !== 1) throw new Error(`the console restarted during the game (${resets} resets, ${readies} "ready" lines)`);
    const result = await e.ask('result');
    e.close();
    if (result !== `= over ${over[1]} ${over[2]} ${over[3]} ${over[4]}`) throw new Error(`console: ${over[0].trim()}, engine: ${result}`);
    // between the games the status says the game is over and what A does
    await waitFor('the status between the games', 5000, async () => {
      const t = await page.locator('#status').textContent();
      // whose pieces ended it, as the console's words say (issue 52 item 4)
      return /Game 1 of 2 over: (you win|the console wins|a draw) \d+-\d+ \((you|the console) (cannot move|got all across first|lost all (your|its) pieces)\)\. Press A for game 2\./.test(t) || t;
    });
    // the game is kept: one record, its moves the engine's, its result the
    // console's; its export is the same text; a reload keeps it
    const allMoves = await gameMoves();
    const checkRecord = async (when) => {
      const recs = page.locator('#records li[data-record]');
      if ((await recs.count()) !== 1) throw new Error(`${when}: ${await recs.count()} records`);
      const want = `${over[1]}-${over[2]} ${over[3]}`;
      if ((await recs.first().getAttribute('data-result')) !== want) throw new Error(`${when}: the record says ${await recs.first().getAttribute('data-result')}, the console ${want}`);
      await recs.first().locator('button[data-show]').click();
      const text = await page.locator('#record-view').textContent();
      // the whole record shows, however long: no box to scroll inside
      const box = await page.evaluate(() => { const v = document.querySelector('#record-view'); return [v.scrollHeight, v.clientHeight]; });
      if (box[0] > box[1] + 1) throw new Error(`${when}: the record's box shows ${box[1]} of its ${box[0]} px`);
      const recMoves = text.split('\n\n')[1].split(/\s+/).filter((w) => w && !/^\d+\.$/.test(w));
      if (recMoves.join(' ') !== allMoves.join(' ')) throw new Error(`${when}: the record's moves differ from the game's`);
      if (!text.includes('[White "you"]') || !text.includes('[Black "console 2"]') || !text.includes('[Rules "classic"]')) throw new Error(`${when}: tags: ${text.slice(0, 200)}`);
      const href = await recs.first().locator('a[data-export]').getAttribute('href');
      if (decodeURIComponent(href.replace(/^data:text\/plain;charset=utf-8,/, '')) !== text) throw new Error(`${when}: the export is not the record`);
      return recMoves.length;
    };
    const recorded = await checkRecord('after the game');
    // its replay (opened by the record's Replay button): every position the
    // engine's, stepped with the right arrow while the replay has the focus
    const e2 = engine();
    await e2.ask('rules classic');
    for (let ply = 0; ply <= allMoves.length; ply++) {
      const [rows, , , wh, bh] = (await e2.ask('fen')).slice(2).split(' ');
      const want = {};
      rows.split('/').forEach((row, i) => [...row].forEach((ch, f) => (want[`${'abcde'[f]}${5 - i}`] = ch)));
      const got = await page.evaluate(() => ({
        points: Object.fromEntries([...document.querySelectorAll('#replay [data-point]')].map((c) => [c.dataset.point, c.dataset.piece])),
        white: document.querySelector('#replay [data-off="white"]').textContent,
        black: document.querySelector('#replay [data-off="black"]').textContent,
        current: document.querySelector('#replay .replay-moves li.current')?.dataset.ply || '0',
      }));
      const off = (h) => { const [c, r] = h.split(','); return `${r} to place, ${c} captured`; };
      if (JSON.stringify(got.points) !== JSON.stringify(Object.fromEntries(Object.keys(got.points).map((k) => [k, want[k]]))) ||
          got.white !== off(wh) || got.black !== off(bh) || got.current !== String(ply))
        throw new Error(`replay at ply ${ply}: ${JSON.stringify(got)}, the engine: ${rows} ${wh} ${bh}`);
      if (ply < allMoves.length) {
        await e2.ask(`play ${allMoves[ply]}`);
        await page.keyboard.press('ArrowRight');
      }
    }
    e2.close();
    await page.locator('#replay').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/replay.png` });
    await page.reload();
    await waitUart(page, 'jarmo jarmo-handheld ready');
    await checkRecord('after a reload');
    await page.screenshot({ path: `${out}/console.png` });
    // the speed: simulated seconds per wall second, and what this machine
    // could run unpaced (the page's busy time)
    const s = await page.evaluate(() => window.jarmo.stats());
    const figures = `real_time_ratio: ${s.ratio.toFixed(3)}\nunpaced_capacity: ${s.capacity.toFixed(2)}\nsimulated_seconds: ${s.simSeconds.toFixed(1)}\n`;
    writeFileSync(`${out}/speed.txt`, figures);
    await context.close();
    if (errors.length) throw new Error(`page error: ${errors[0]}`);
    return `${plies} plies, ${over[0].trim()}, kept as a record of ${recorded} moves; ${figures.trim().replace(/\n/g, ', ')}`;
  });
} finally {
  await browser.close();
  server.kill();
}
process.exit(failures ? 1 : 0);
