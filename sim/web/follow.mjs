#!/usr/bin/env node
// Follows a console's game over its serial port, as the page's "Follow a
// console" does over Web Serial: each move as it is played, and each game
// that ends as a record (docs/records.md) printed and, with --out, added to
// a file.
//   node sim/web/follow.mjs --port PATH [--baud 38400] [--games N] [--out FILE]
// Opening the port resets the console (the USB bridge's DTR), so it starts
// or resumes its game and says so. A game is printed and written only as a
// record the page's reader accepts (records.js; and replayed by the rules
// core, console.wasm, when `make web` has built it): anything else a port
// says is named and left out. Exit status: 0 after N games (or when the
// port closes after at least one), 1 when the port cannot be opened or
// closes before a game ended, or when --out cannot be written (the record
// is printed, the error said), 2 bad arguments.
import fs from 'node:fs';
import { runCli } from './cli.mjs';
import { openPort } from './flash.mjs';
import { Follower } from './src/follower.js';
import { ConsoleText } from './src/console_text.js';
import { completeRecord, parseRecord, recordSummary, recordText } from './src/records.js';

// the rules core, if the page has been built (make web): a record's moves replayed
async function rulesCore() {
  try {
    return await ConsoleText.fromBytes(fs.readFileSync(new URL('../../build/web/console.wasm', import.meta.url)));
  } catch {
    return null;
  }
}

// a finished game as the reader (and the rules core) accept it: { ok, record } or { ok: false, why }
export function checked(record, core) {
  const read = parseRecord(recordText(record));
  if (!read.ok) return read;
  return core ? completeRecord(read.record, core) : read;
}

const USAGE = 'usage: node sim/web/follow.mjs --port PATH [--baud 38400] [--games N] [--out FILE]';

// What a port sends is printed as text only: a control character (the
// escape that starts a terminal's title, clear-screen or clipboard
// sequence, a bell, a C1 control) or a bidirectional override is shown as
// \xNN / \u{NNNN}, so a port can never drive the terminal it is printed on.
export function printable(text) {
  return String(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu,
    (c) => (c.charCodeAt(0) < 0x100 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u{${c.charCodeAt(0).toString(16)}}`));
}
const say = (text) => console.log(printable(text));

export function parseArgs(argv) {
  const a = { baud: 38400, games: 0 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === '--help' || k === '-h') return { help: true };
    if (!['--port', '--baud', '--games', '--out'].includes(k)) throw new Error(`unknown argument: ${k}`);
    if (v === undefined || v.startsWith('--')) throw new Error(`${k} needs a value`);
    i++;
    if (k === '--port') a.port = v;
    else if (k === '--out') a.out = v;
    else {
      const n = Number(v);
      if (!/^\d+$/.test(v) || (k === '--baud' && ![9600, 19200, 38400, 57600, 115200].includes(n)) || (k === '--games' && n < 1))
        throw new Error(`${k} ${v}: ${k === '--baud' ? 'one of 9600, 19200, 38400, 57600, 115200' : 'a number of games, 1 or more'}`);
      a[k.slice(2)] = n;
    }
  }
  if (!a.port) throw new Error('no --port given');
  return a;
}

async function main(args) {
  let port;
  try {
    port = openPort(args.port, args.baud);
  } catch (e) {
    console.error(`follow.mjs: ${e.message}`);
    return 1;
  }
  console.log(`following ${args.port} at ${args.baud} baud`);
  const core = await rulesCore();
  let games = 0;
  let wrote = 0;
  let failed = null; // the --out file could not be written
  const follower = new Follower((ev) => {
    if (ev.type === 'start') say(`game: ${ev.setup.rules}, ${ev.setup.first} first, game ${ev.setup.game} of ${ev.setup.games}`);
    else if (ev.type === 'move') {
      const n = ev.moves.length;
      if (n) say(`${Math.ceil(n / 2)}.${n % 2 ? '' : '..'} ${ev.moves[n - 1]}`);
    } else if (ev.type === 'over') {
      games++;
      if (ev.partial) {
        say('a game ended that was under way when following began: not recorded');
        return;
      }
      const c = checked(ev.record, core);
      if (!c.ok) {
        say(`a game ended that is not a record: ${c.why}; not written`);
        return;
      }
      say(`over: ${recordSummary(c.record)}\n${recordText(c.record)}`);
      if (args.out && !failed) {
        try {
          fs.appendFileSync(args.out, (wrote ? '\n' : '') + recordText(c.record));
          wrote++;
        } catch (e) {
          failed = e;
          console.error(`follow.mjs: cannot write ${args.out}: ${e.message} (the record is above)`);
        }
      }
    }
  });
  try {
    while ((!args.games || games < args.games) && !failed) {
      const first = await port.queue.read(1, 24 * 3600 * 1000);
      const rest = port.queue.length ? port.queue.take(port.queue.length) : new Uint8Array(0);
      follower.bytes(first);
      follower.bytes(rest);
    }
    return failed ? 1 : 0;
  } catch (e) {
    if (failed) return 1;
    if (games) return 0;
    console.error(printable(`follow.mjs: ${e.message} before a game ended`));
    return 1;
  } finally {
    port.close();
  }
}

runCli(import.meta.url, 'follow.mjs', USAGE, parseArgs, main);
