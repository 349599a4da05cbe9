// The flasher (sim/web/src/stk500.js, the command line sim/web/flash.mjs):
// the protocol against a fake bootloader in node, then the command line
// against the simulated board tests/flash.sh uses with avrdude (jarmo-sim
// --serial with a bootloader on a pseudo-terminal). Each check prints
// "[       OK ] web-flash NAME" or "[  FAILED  ] web-flash NAME: why"; the
// times to flash and verify go to BUILD_DIR/web-test/flash-times.txt.
//   node tests/web/flash.mjs BUILD_DIR
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parseHex } from '../../sim/web/src/hex.js';
import { ByteQueue, FlashError, flash, pagesOf } from '../../sim/web/src/stk500.js';

const build = process.argv[2] || 'build';
let failed = 0;
const ok = (name, more = '') => console.log(`[       OK ] web-flash ${name}${more ? ` (${more})` : ''}`);
const bad = (name, why) => {
  failed++;
  console.log(`[  FAILED  ] web-flash ${name}: ${String(why).split('\n')[0]}`);
};
async function check(name, fn) {
  try {
    const r = await fn();
    if (r === true || typeof r === 'object') ok(name, r && r.more);
    else bad(name, r || 'false');
  } catch (e) {
    bad(name, e.stack || e.message);
  }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Intel HEX of BYTES at address AT, 16 bytes a line.
function toHex(bytes, at = 0) {
  const lines = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const d = [...bytes.subarray(i, i + 16)];
    const a = at + i;
    const rec = [d.length, a >> 8, a & 0xff, 0, ...d];
    rec.push(-rec.reduce((x, y) => x + y, 0) & 0xff);
    lines.push(':' + rec.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(''));
  }
  return lines.join('\n') + '\n:00000001FF\n';
}

// ---- the protocol against a fake bootloader ----------------------------
// Answers as optiboot 4.4 does (or as ATmegaBOOT when major is 1), with
// faults on demand: a signature, a flash cell that reads back wrong, a
// line that dies after some pages, a board that never answers.
function fakeBoard({ signature = [0x1e, 0x95, 0x0f], major = 4, badCell = -1, dieAfterPages = -1, dieAfterReads = -1, silent = false } = {}) {
  const mem = new Uint8Array(0x8000).fill(0xff);
  const queue = new ByteQueue();
  let input = [];
  let addr = 0;
  let pages = 0;
  let reads = 0;
  const reply = (bytes) => setTimeout(() => queue.push(bytes), 1);
  const need = (n) => input.length >= n;
  function step() {
    for (;;) {
      if (!input.length) return;
      const c = input[0];
      let len;
      if (c === 0x30 || c === 0x50 || c === 0x51 || c === 0x75) len = 2;
      else if (c === 0x41) len = 3;
      else if (c === 0x55) len = 4;
      else if (c === 0x74) len = 5;
      else if (c === 0x64) len = need(3) ? 5 + ((input[1] << 8) | input[2]) : Infinity;
      else { input.shift(); continue; } // junk
      if (!need(len)) return;
      const cmd = input.slice(0, len);
      input = input.slice(len);
      if (cmd[len - 1] !== 0x20) continue; // optiboot would reset; no answer
      if (c === 0x75) reply([0x14, ...signature, 0x10]);
      else if (c === 0x41) reply([0x14, cmd[1] === 0x81 ? major : 4, 0x10]);
      else if (c === 0x55) { addr = (cmd[1] | (cmd[2] << 8)) * 2; reply([0x14, 0x10]); }
      else if (c === 0x64) {
        mem.set(cmd.slice(4, len - 1), addr);
        if (++pages === dieAfterPages) { queue.end('the serial port was lost (The device has been lost.)'); return; }
        reply([0x14, 0x10]);
      } else if (c === 0x74) {
        if (++reads === dieAfterReads) return; // silence: the board stopped answering
        const n = (cmd[1] << 8) | cmd[2];
        const data = [...mem.subarray(addr, addr + n)];
        if (badCell >= addr && badCell < addr + n) data[badCell - addr] ^= 0x04;
        reply([0x14, ...data, 0x10]);
      } else reply([0x14, 0x10]);
    }
  }
  return {
    mem,
    transport: {
      queue,
      async write(bytes) {
        if (queue.ended) throw queue.ended;
        if (silent) return;
        input.push(...bytes);
        step();
      },
    },
  };
}
const firmware = parseHex(readFileSync(`${build}/jarmo-handheld/firmware.hex`, 'utf8'), 0x8000, 0xff);
const small = parseHex(toHex(Uint8Array.from({ length: 700 }, (_, i) => (i * 7) & 0xff), 0x100), 0x8000, 0xff);
const rejects = async (promise, code, text) => {
  try {
    await promise;
  } catch (e) {
    if (!(e instanceof FlashError)) return `threw ${e.stack}`;
    if (e.code !== code) return `code ${e.code}, not ${code}: ${e.message}`;
    return e.message.includes(text) ? { more: e.message } : `"${e.message}" does not say "${text}"`;
  }
  return 'did not fail';
};

await check('unit-pages', () => {
  const p = pagesOf(small);
  // 700 bytes from 0x100: pages 0x100..0x380, the last one padded with 0xFF
  return (p.length === 6 && p[0].at === 0x100 && p[5].at === 0x380 && p[5].data[127] === 0xff) ||
    `${p.length} pages from ${p[0] && p[0].at}`;
});
await check('unit-good-flash', async () => {
  const b = fakeBoard();
  const seen = [];
  const r = await flash(b.transport, firmware, { onProgress: (p) => seen.push(p.phase) });
  const same = b.mem.subarray(0, firmware.end).every((x, i) => x === firmware.bytes[i]);
  return (same && r.bootloader === 'optiboot 4.4' && seen.at(-1) === 'done' && seen.includes('verify')) ||
    `same ${same}, ${r.bootloader}, ${seen.at(-1)}`;
});
await check('unit-wrong-signature', () =>
  rejects(flash(fakeBoard({ signature: [0x1e, 0x95, 0x14] }).transport, small), 'wrong-signature',
    '1E 95 14 (an ATmega328 (not P)), not an ATmega328P'));
await check('unit-unknown-signature', () =>
  rejects(flash(fakeBoard({ signature: [0x00, 0x00, 0x00] }).transport, small), 'wrong-signature', '00 00 00'));
await check('unit-verify-mismatch', () =>
  rejects(flash(fakeBoard({ badCell: 0x2a5 }).transport, small), 'verify', 'verify failed at 0x02A5'));
await check('unit-closed-mid-way', () =>
  rejects(flash(fakeBoard({ dieAfterPages: 3 }).transport, small), 'lost', 'lost at 0x0200 while writing (cable pulled?)'));
await check('unit-silent-while-verifying', () =>
  rejects(flash(fakeBoard({ dieAfterReads: 2 }).transport, small), 'lost',
    'the board stopped answering at 0x0180 while verifying (cable pulled?): the firmware was written but not checked'));
await check('unit-no-answer', () =>
  rejects(flash(fakeBoard({ silent: true }).transport, small, { syncAttempts: 2 }), 'no-answer',
    'no answer from the bootloader at 115200 baud. Is it the board\'s port? Try 57600 baud'));
await check('unit-no-answer-57600-hint', () =>
  rejects(flash(fakeBoard({ silent: true }).transport, small, { baud: 57600, syncAttempts: 1 }), 'no-answer',
    'Try 115200 baud'));
await check('unit-too-big-for-old-bootloader', () =>
  rejects(flash(fakeBoard({ major: 1 }).transport, firmware, { baud: 57600 }), 'too-big',
    'where this board\'s bootloader (ATmegaBOOT 1.4 (the old Nano bootloader)) starts: nothing was written'));
await check('unit-hex-unknown-record', () => {
  try {
    parseHex(':0100000000FF\n:0400000600000000F6\n:00000001FF\n');
  } catch (e) {
    return e.message === 'hex line 2: unknown record type 6' || e.message;
  }
  return 'accepted';
});

// ---- the command line against the simulated board ----------------------
const sim = `${build}/host/jarmo-sim`;
const elf = `${build}/jarmo-handheld/firmware.elf`;
const hexFile = `${build}/jarmo-handheld/firmware.hex`;
const tmp = mkdtempSync(`${tmpdir()}/jarmo-flash-`);
const times = [];

// A chip with BOOT (a bootloader hex, or none) on a pty, until the flashed
// firmware prints UNTIL; resolves when the simulator ends.
async function chip(name, { boot, until, eeprom, simPath = sim, elfPath = elf }) {
  const tty = `${tmp}/${name}.tty`;
  const args = ['--serial', tty];
  if (boot) args.push('--bootloader', boot);
  if (eeprom) args.push('--eeprom', eeprom);
  if (until) args.push('--until', until);
  args.push(elfPath);
  const p = spawn(simPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  p.stdout.on('data', (d) => (log += d));
  p.stderr.on('data', (d) => (log += d));
  const ended = new Promise((r) => p.on('exit', (code) => r(code)));
  for (let i = 0; i < 100 && !existsSync(tty); i++) await sleep(100);
  return { tty, ended, log: () => log, kill: () => p.kill() };
}
function cli(args) {
  const t0 = Date.now();
  const r = spawnSync('node', ['sim/web/flash.mjs', ...args], { encoding: 'utf8', timeout: 120000 });
  return { rc: r.status, out: r.stdout.trim(), err: r.stderr.trim(), ms: Date.now() - t0 };
}
const oneLine = (r, text) =>
  r.rc !== 0 && r.out === '' && r.err.split('\n').length === 1 && r.err.includes(text)
    ? { more: r.err }
    : `exit ${r.rc}, stdout "${r.out}", stderr "${r.err}"`;
// "write 3.04 s, verify 3.29 s, in all 6.38 s"
const figures = (out) => {
  const m = out.match(/write ([\d.]+) s, verify ([\d.]+) s, in all ([\d.]+) s/);
  return m ? { write: +m[1], verify: +m[2], all: +m[3] } : null;
};

// a game in progress in the EEPROM, as tests/flash.sh saves it
const ee = `${tmp}/ee.bin`;
writeFileSync(`${tmp}/play.script`, 'wait 300\ntap b\ncursor-at c1\nmove c1-d3\nwait 300\nexpect-uart move c1-d3\n');
const played = spawnSync(sim, ['--eeprom', ee, '--script', `${tmp}/play.script`, elf], { encoding: 'utf8' });

try {
  await check('cli-good-flash-115200-boots-and-keeps-the-game', async () => {
    if (played.status !== 0) return `the saved game: ${played.stdout.slice(-200)} ${played.stderr}`;
    const c = await chip('good', { boot: `${build}/bootloader/optiboot.hex`, until: 'resume classic first white', eeprom: ee });
    const r = cli(['--port', c.tty, hexFile]);
    const code = await c.ended;
    const f = figures(r.out);
    if (r.rc !== 0 || !f) return `exit ${r.rc}: ${r.err || r.out}`;
    if (code !== 0) return `flashed, but the firmware did not resume the saved game: ${c.log().slice(-300)}`;
    times.push(`115200 optiboot jarmo-handheld: ${r.out}`);
    return { more: r.out };
  });
  await check('cli-good-flash-57600-optiboot', async () => {
    const c = await chip('o57600', { boot: `${build}/bootloader/optiboot-57600.hex`, until: 'jarmo jarmo-handheld ready' });
    const r = cli(['--port', c.tty, '--baud', '57600', hexFile]);
    const code = await c.ended;
    const f = figures(r.out);
    if (r.rc !== 0 || !f) return `exit ${r.rc}: ${r.err || r.out}`;
    if (code !== 0) return `flashed, but the firmware did not start: ${c.log().slice(-300)}`;
    times.push(`57600 optiboot jarmo-handheld: ${r.out}`);
    return { more: r.out };
  });
  await check('cli-wrong-baud-no-answer', async () => {
    const c = await chip('wrong', { boot: `${build}/bootloader/optiboot.hex` });
    const r = cli(['--port', c.tty, '--baud', '57600', hexFile]);
    c.kill();
    await c.ended;
    const one = oneLine(r, 'no answer from the bootloader at 57600 baud');
    return typeof one === 'object' && !r.err.includes('Try 115200 baud') ? `no hint to try 115200: ${r.err}` : one;
  });
  await check('cli-no-bootloader-no-answer', async () => {
    const c = await chip('nobl', {});
    const r = cli(['--port', c.tty, hexFile]);
    c.kill();
    await c.ended;
    return oneLine(r, 'no answer from the bootloader at 115200 baud');
  });
  // the old Nano's bootloader (Debian's ATmegaBOOT_168_atmega328.hex, 57600
  // baud, 2 KB): it takes a small program and the Nano's firmware (made to
  // fit a stock Nano's 30,720 B), and refuses the handheld's, which
  // reaches into its 2 KB
  const oldBoot = `${build}/bootloader/atmegaboot-old-nano.hex`;
  await check('cli-old-nano-bootloader-small-program', async () => {
    writeFileSync(`${tmp}/small.hex`, toHex(firmware.bytes.subarray(0, 2048)));
    const c = await chip('old1', { boot: oldBoot, simPath: `${sim}-jarmo-nano`, elfPath: `${build}/jarmo-nano/firmware.elf` });
    const r = cli(['--port', c.tty, '--baud', '57600', `${tmp}/small.hex`]);
    c.kill();
    await c.ended;
    return (r.rc === 0 && r.out.includes('ATmegaBOOT')) ? { more: r.out } : `exit ${r.rc}: ${r.err || r.out}`;
  });
  await check('cli-old-nano-bootloader-nano-firmware-boots', async () => {
    const c = await chip('old3', { boot: oldBoot, until: 'jarmo jarmo-nano ready', simPath: `${sim}-jarmo-nano`,
      elfPath: `${build}/jarmo-nano/firmware.elf` });
    const r = cli(['--port', c.tty, '--baud', '57600', `${build}/jarmo-nano/firmware.hex`]);
    const code = await c.ended;
    if (r.rc !== 0 || !figures(r.out)) return `exit ${r.rc}: ${r.err || r.out}`;
    if (code !== 0) return `flashed, but the firmware did not start: ${c.log().slice(-300)}`;
    times.push(`57600 ATmegaBOOT jarmo-nano: ${r.out}`);
    return { more: r.out };
  });
  await check('cli-old-nano-bootloader-refuses-too-big', async () => {
    const c = await chip('old2', { boot: oldBoot, simPath: `${sim}-jarmo-nano`, elfPath: `${build}/jarmo-nano/firmware.elf` });
    const r = cli(['--port', c.tty, '--baud', '57600', hexFile]);
    c.kill();
    await c.ended;
    return oneLine(r, 'past 0x7800 where this board\'s bootloader (ATmegaBOOT');
  });
  await check('cli-bad-hex', () => {
    writeFileSync(`${tmp}/bad.hex`, readFileSync(hexFile, 'utf8').replace(/^(:10.{38})../m, '$1ZZ'));
    return oneLine(cli(['--port', '/dev/null', `${tmp}/bad.hex`]), 'bad.hex: hex line 1: not hexadecimal');
  });
  // the probe's case: an end-of-file record after 13 pages' worth of lines
  // once flashed 13 of 248 pages and said "flashed and verified"
  await check('cli-eof-in-the-middle-flashes-nothing', () => {
    const lines = readFileSync(hexFile, 'utf8').split('\n');
    writeFileSync(`${tmp}/short.hex`, [...lines.slice(0, 104), ':00000001FF', ...lines.slice(104)].join('\n'));
    return oneLine(cli(['--port', '/dev/null', `${tmp}/short.hex`]), 'short.hex: hex line 106: a record after the end-of-file record');
  });
  await check('cli-missing-file', () => oneLine(cli(['--port', '/dev/null', `${tmp}/none.hex`]), 'none.hex: no such file'));
  await check('cli-missing-port', () => oneLine(cli(['--port', `${tmp}/no-such-tty`, hexFile]), 'no-such-tty: no such port'));
  await check('cli-not-a-port', () => oneLine(cli(['--port', hexFile, hexFile]), 'is not a serial port'));
  await check('cli-no-port-given', () => {
    const r = cli([hexFile]);
    return (r.rc === 2 && r.err.startsWith('flash.mjs: no port given')) || `exit ${r.rc}: ${r.err}`;
  });
  // sim/web/follow.mjs: a scripted game on the simulated board's serial
  // line (jarmo-sim --serial --script), followed to its end and recorded
  const follow = (args) => {
    const r = spawnSync('node', ['sim/web/follow.mjs', ...args], { encoding: 'utf8', timeout: 120000 });
    return { rc: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
  };
  await check('follow-cli-scripted-game', async () => {
    const script = `${build}/sim-scripts/game-jasir.script`;
    const text = readFileSync(script, 'utf8');
    const want = [...text.matchAll(/^expect-uart move (\S+)$/gm)].map((m) => m[1]);
    const over = text.match(/^expect-uart over (\d+) (\d+) (\w+)/m);
    const tty = `${tmp}/follow.tty`;
    const p = spawn(sim, ['--serial', tty, '--script', script, elf], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ended = new Promise((r) => p.on('exit', (code) => r(code)));
    for (let i = 0; i < 100 && !existsSync(tty); i++) await sleep(100);
    const out = `${tmp}/followed.txt`;
    const r = await new Promise((resolve) => {
      const f = spawn('node', ['sim/web/follow.mjs', '--port', tty, '--games', '1', '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
      let so = '';
      let se = '';
      f.stdout.on('data', (d) => (so += d));
      f.stderr.on('data', (d) => (se += d));
      f.on('exit', (rc) => resolve({ rc, out: so, err: se }));
    });
    const simRc = await ended;
    if (r.rc !== 0 || simRc !== 0) return `follow.mjs exit ${r.rc} (${r.err.trim()}), the simulator ${simRc}`;
    const rec = readFileSync(out, 'utf8');
    const moves = rec.split('\n\n')[1].split(/\s+/).filter((w) => w && !/^\d+\.$/.test(w));
    if (moves.join(' ') !== want.join(' ')) return `moves ${moves.length} of ${want.length}: ${rec.slice(0, 300)}`;
    if (!over || !rec.includes(`[Result "${over[1]}-${over[2]} ${over[3]}"]`) || !rec.includes('[Rules "jasir"]')) return `the record: ${rec.slice(0, 300)}`;
    return { more: `${want.length} moves of a jasir game followed and recorded` };
  });
  // a port that says LINES (a pseudo-terminal at PATH, python3's pty),
  // then closes after a second
  const fakePort = (path, lines) => {
    const py = `import os, pty, sys, time
m, s = pty.openpty()
os.symlink(os.ttyname(s), sys.argv[1])
time.sleep(1.0)
os.write(m, sys.stdin.read().encode())
time.sleep(1.0)
`;
    const p = spawn('python3', ['-c', py, path], { stdio: ['pipe', 'ignore', 'inherit'] });
    p.stdin.end(lines.join('\n') + '\n');
    return new Promise((r) => p.on('exit', r));
  };
  const followRun = (args) => new Promise((resolve) => {
    const f = spawn('node', ['sim/web/follow.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let so = '';
    let se = '';
    f.stdout.on('data', (d) => (so += d));
    f.stderr.on('data', (d) => (se += d));
    f.on('exit', (rc) => resolve({ rc, out: so, err: se }));
  });
  // a real game's lines, from the generated jasir script
  const jasir = readFileSync(`${build}/sim-scripts/game-jasir.script`, 'utf8');
  const gameLines = ['jarmo jarmo-handheld ready', 'start jasir first white match 1/2',
    ...[...jasir.matchAll(/^expect-uart move (\S+)$/gm)].map((m) => `move ${m[1]}`),
    jasir.match(/^expect-uart (over \d+ \d+ \w+ \S+)$/m)[1]];
  await check('follow-cli-out-unwritable-says-so', async () => {
    const tty = `${tmp}/follow-out.tty`;
    const port = fakePort(tty, gameLines);
    for (let i = 0; i < 50 && !existsSync(tty); i++) await sleep(100);
    mkdirSync(`${tmp}/a-folder`, { recursive: true });
    const r = await followRun(['--port', tty, '--games', '1', '--out', `${tmp}/a-folder`]);
    await port;
    return (r.rc === 1 && r.err.includes(`cannot write ${tmp}/a-folder`) && r.out.includes('[Rules "jasir"]')) || `exit ${r.rc}: ${r.err} ${r.out.slice(-200)}`;
  });
  await check('follow-cli-junk-game-not-written', async () => {
    const tty = `${tmp}/follow-junk.tty`;
    const port = fakePort(tty, ['start classic first white console 9 human white match 1/2', 'move b1-d2', 'move zz-zz', 'over 99999999999999999999 0 nobody']);
    for (let i = 0; i < 50 && !existsSync(tty); i++) await sleep(100);
    const out = `${tmp}/junk.txt`;
    const r = await followRun(['--port', tty, '--games', '1', '--out', out]);
    await port;
    return (r.rc === 0 && /a game ended that is not a record/.test(r.out) && !existsSync(out)) || `exit ${r.rc}: ${r.err} ${r.out.slice(-300)}`;
  });
  // a port that sends terminal escapes (a title, clear-screen, the
  // clipboard by OSC 52, a bell) in its lines: printed as text, never raw
  await check('follow-cli-escapes-printed-as-text', async () => {
    const tty = `${tmp}/follow-esc.tty`;
    const port = fakePort(tty, ['start classic\x1b]0;pwned\x07 first white console 9 human white match 1/2',
      'move b1-d2\x1b[2J', 'move zz\x1b]52;c;cHduZWQ=\x07', 'over 1 0 white\x1b[31m all\u202e']);
    for (let i = 0; i < 50 && !existsSync(tty); i++) await sleep(100);
    const r = await followRun(['--port', tty, '--games', '1']);
    await port;
    const raw = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]/.test(r.out + r.err);
    return (!raw && /\\x1b/.test(r.out + r.err)) || `exit ${r.rc}: raw control characters or none shown: ${JSON.stringify((r.out + r.err).slice(-300))}`;
  });
  await check('follow-cli-bad-baud', () => {
    const r = follow(['--port', '/dev/null', '--baud', '1234']);
    return (r.rc === 2 && r.err.startsWith('follow.mjs: --baud 1234: one of')) || `exit ${r.rc}: ${r.err}`;
  });
  await check('follow-cli-no-port', () => {
    const r = follow(['--port', `${tmp}/no-such-tty`]);
    return (r.rc === 1 && r.err.includes('no-such-tty: no such port')) || `exit ${r.rc}: ${r.err}`;
  });
  await check('follow-cli-no-port-given', () => {
    const r = follow(['--games', '2']);
    return (r.rc === 2 && r.err.startsWith('follow.mjs: no --port given')) || `exit ${r.rc}: ${r.err}`;
  });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
mkdirSync(`${build}/web-test`, { recursive: true });
writeFileSync(`${build}/web-test/flash-times.txt`, times.join('\n') + '\n');
process.exitCode = failed ? 1 : 0;
