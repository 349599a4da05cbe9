#!/usr/bin/env node
// Follows a console's game over its serial port, as the page's "Follow a
// console" does over Web Serial: each move as it is played, and each game
// that ends as a record (docs/records.md) printed and, with --out, added to
// a file.
//   node sim/web/follow.mjs --port PATH [--baud 38400] [--games N] [--out FILE]
// Opening the port resets the console (the USB bridge's DTR), so it starts
// or resumes its game and says so. Exit status: 0 after N games (or when
// the port closes after at least one), 1 when the port cannot be opened or
// closes before a game ended, 2 bad arguments.
import fs from 'node:fs';
import { runCli } from './cli.mjs';
import { openPort } from './flash.mjs';
import { Follower } from './src/follower.js';
import { recordSummary, recordText } from './src/records.js';

const USAGE = 'usage: node sim/web/follow.mjs --port PATH [--baud 38400] [--games N] [--out FILE]';

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
  let games = 0;
  let wrote = 0;
  const follower = new Follower((ev) => {
    if (ev.type === 'start') console.log(`game: ${ev.setup.rules}, ${ev.setup.first} first, game ${ev.setup.game} of ${ev.setup.games}`);
    else if (ev.type === 'move') {
      const n = ev.moves.length;
      if (n) console.log(`${Math.ceil(n / 2)}.${n % 2 ? '' : '..'} ${ev.moves[n - 1]}`);
    } else if (ev.type === 'over') {
      games++;
      if (ev.partial) {
        console.log('a game ended that was under way when following began: not recorded');
        return;
      }
      console.log(`over: ${recordSummary(ev.record)}\n${recordText(ev.record)}`);
      if (args.out) {
        fs.appendFileSync(args.out, (wrote ? '\n' : '') + recordText(ev.record));
        wrote++;
      }
    }
  });
  try {
    while (!args.games || games < args.games) {
      const first = await port.queue.read(1, 24 * 3600 * 1000);
      const rest = port.queue.length ? port.queue.take(port.queue.length) : new Uint8Array(0);
      follower.bytes(first);
      follower.bytes(rest);
    }
    return 0;
  } catch (e) {
    if (games) return 0;
    console.error(`follow.mjs: ${e.message} before a game ended`);
    return 1;
  } finally {
    port.close();
  }
}

runCli(import.meta.url, 'follow.mjs', USAGE, parseArgs, main);
