#!/usr/bin/env node
// Flashes a board through its bootloader over a serial port, with the same
// STK500 module as the web page's Flash button (src/stk500.js).
//   node sim/web/flash.mjs --port PATH [--baud 115200|57600] FILE.hex
// Exit 0 only when the board's flash was read back equal to FILE; otherwise
// one line on stderr saying why, and exit 1 (2: bad usage).
// Opening the port is the reset: the serial adapter raises DTR on open,
// which resets the board through its capacitor (hupcl drops it again on
// close, so the next open resets too). The port is set raw at the baud
// rate with stty, on this very open file (a second open would reset the
// board again).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { runCli } from './cli.mjs';
import tty from 'node:tty';
import { parseHex } from './src/hex.js';
import { BAUD_RATES, ByteQueue, FlashError, flash } from './src/stk500.js';

const USAGE = 'usage: node sim/web/flash.mjs --port PATH [--baud 115200|57600] [--quiet] FILE.hex';

function parseArgs(argv) {
  const a = { port: null, baud: 115200, file: null, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i];
    if (v === '--port') a.port = argv[++i];
    else if (v === '--baud') a.baud = Number(argv[++i]);
    else if (v === '--quiet') a.quiet = true;
    else if (v === '--help' || v === '-h') return { help: true };
    else if (v.startsWith('-')) throw new Error(`unknown option ${v}`);
    else if (a.file) throw new Error('one FILE.hex only');
    else a.file = v;
  }
  if (!a.port) throw new Error('no port given (--port /dev/ttyUSB0)');
  if (!a.file) throw new Error('no FILE.hex given');
  if (!BAUD_RATES[a.baud]) throw new Error(`--baud ${a.baud}: 115200 (Uno, new Nano) or 57600 (old Nano bootloader)`);
  return a;
}

// The serial port as a stk500.js transport.
export function openPort(path, baud) {
  let fd;
  try {
    fd = fs.openSync(path, fs.constants.O_RDWR | fs.constants.O_NOCTTY);
  } catch (e) {
    const why = { ENOENT: 'no such port', EACCES: 'permission denied (the dialout group?)', EBUSY: 'port busy' };
    throw new FlashError(e.code === 'EBUSY' ? 'port-busy' : 'no-port', `cannot open ${path}: ${why[e.code] || e.message}`);
  }
  if (!tty.isatty(fd)) {
    fs.closeSync(fd);
    throw new FlashError('no-port', `${path} is not a serial port`);
  }
  const stty = spawnSync('stty', ['raw', '-echo', 'hupcl', String(baud)], { stdio: [fd, 'ignore', 'pipe'] });
  if (stty.status !== 0) {
    fs.closeSync(fd);
    throw new FlashError('no-port', `cannot set ${path} to ${baud} baud: ${String(stty.stderr).trim()}`);
  }
  const queue = new ByteQueue();
  const input = new tty.ReadStream(fd);
  input.on('data', (b) => queue.push(b));
  input.on('error', (e) => queue.end(`the serial port failed (${e.code || e.message})`));
  input.on('end', () => queue.end('the serial port closed'));
  input.on('close', () => queue.end('the serial port closed'));
  let closed = false;
  return {
    queue,
    async write(bytes) {
      if (queue.ended || closed) throw queue.ended || new FlashError('closed', 'the serial port is closed');
      let off = 0;
      while (off < bytes.length) {
        try {
          off += fs.writeSync(fd, bytes, off, bytes.length - off);
        } catch (e) {
          if (e.code !== 'EAGAIN') {
            queue.end(`the serial port failed (${e.code})`);
            throw queue.ended;
          }
          await new Promise((r) => setTimeout(r, 2));
        }
      }
    },
    close() {
      if (closed) return;
      closed = true;
      input.destroy(); // closes the stream's own descriptor (libuv reopens the tty for it)
      try {
        fs.closeSync(fd);
      } catch {
        // already closed
      }
    },
  };
}

const fmtMs = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function main(args) {
  let image;
  try {
    image = parseHex(fs.readFileSync(args.file, 'utf8'), 0x8000, 0xff);
  } catch (e) {
    const why = e.code === 'ENOENT' ? 'no such file' : e.code ? e.message : e.message;
    console.error(`flash.mjs: ${args.file}: ${why}`);
    return 1;
  }
  if (!image.size) {
    console.error(`flash.mjs: ${args.file}: no data in the file`);
    return 1;
  }
  let port;
  try {
    port = openPort(args.port, args.baud);
  } catch (e) {
    console.error(`flash.mjs: ${e.message}`);
    return 1;
  }
  const started = Date.now();
  let last = '';
  const tty2 = !args.quiet && process.stderr.isTTY;
  try {
    const r = await flash(port, image, {
      baud: args.baud,
      onProgress: ({ phase, done, total }) => {
        if (!tty2 || phase === 'sync') return;
        const line = `${phase} ${Math.floor((100 * done) / total)}%`;
        if (line !== last) process.stderr.write(`\r${line}   `);
        last = line;
      },
    });
    if (tty2) process.stderr.write('\r');
    if (!args.quiet)
      console.log(
        `flashed and verified ${r.bytes} bytes (${r.pages} pages) through ${r.bootloader} at ${args.baud} baud: ` +
          `write ${fmtMs(r.writeMs)}, verify ${fmtMs(r.verifyMs)}, in all ${fmtMs(Date.now() - started)}`,
      );
    return 0;
  } catch (e) {
    if (tty2) process.stderr.write('\r');
    console.error(`flash.mjs: ${e instanceof FlashError ? e.message : `unexpected: ${e.stack}`}`);
    return 1;
  } finally {
    port.close();
  }
}

runCli(import.meta.url, 'flash.mjs', USAGE, parseArgs, main);
