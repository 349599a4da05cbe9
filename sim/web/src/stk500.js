// STK500v1, as optiboot (Uno-style boards, the new Nano) and the old Nano's
// ATmegaBOOT speak it: sync, the chip's signature, page writes, a read-back
// verify. No DOM and no node: the page (flash_page.js, Web Serial) and the
// command line (flash.mjs, a serial device file) each bring a transport:
//   { queue: ByteQueue, write(Uint8Array) -> Promise }
// the transport pushes what it receives into the queue (queue.push) and
// ends it (queue.end) when the line is gone; write rejects once it is.

// The replies and commands used (Atmel AVR061, optiboot's stk500.h).
const STK_OK = 0x10;
const STK_INSYNC = 0x14;
const CRC_EOP = 0x20;
const GET_SYNC = 0x30;
const GET_PARAMETER = 0x41;
const SW_MAJOR = 0x81;
const SW_MINOR = 0x82;
const ENTER_PROGMODE = 0x50;
const LEAVE_PROGMODE = 0x51;
const LOAD_ADDRESS = 0x55;
const PROG_PAGE = 0x64;
const READ_PAGE = 0x74;
const READ_SIGN = 0x75;

export const ATMEGA328P = { name: 'ATmega328P', signature: [0x1e, 0x95, 0x0f], pageSize: 128 };
// Signatures a person may plug in by mistake, to name what was found.
const KNOWN_CHIPS = {
  '1e950f': 'ATmega328P',
  '1e9514': 'ATmega328 (not P)',
  '1e9516': 'ATmega328PB',
  '1e9406': 'ATmega168',
  '1e940b': 'ATmega168P',
  '1e930a': 'ATmega88',
  '1e9307': 'ATmega8',
  '1e9587': 'ATmega32U4',
  '1e9801': 'ATmega2560',
  '1e9703': 'ATmega1280',
};

// The baud rates the bootloaders answer at.
export const BAUD_RATES = {
  115200: { label: 'Uno, new Nano' },
  57600: { label: 'old Nano bootloader' },
};
const otherBaud = (baud) => (Number(baud) === 57600 ? 115200 : 57600);

export class TimeoutError extends Error {
  constructor() {
    super('timed out');
    this.name = 'TimeoutError';
  }
}

// code: 'no-port', 'port-busy', 'bad-file', 'closed' (before the
// bootloader answered), 'no-answer', 'wrong-signature', 'too-big',
// 'protocol', 'lost' (mid-way), 'verify'. message: one sentence
// that says what happened and what to do.
export class FlashError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'FlashError';
    this.code = code;
  }
}

const hex2 = (b) => b.toString(16).toUpperCase().padStart(2, '0');
const hexAddr = (a) => '0x' + a.toString(16).toUpperCase().padStart(4, '0');
const now = () => (globalThis.performance ? globalThis.performance.now() : Date.now());
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Bytes as they arrive, read in counted pieces with a time limit.
export class ByteQueue {
  constructor() {
    this.chunks = [];
    this.length = 0;
    this.ended = null; // the FlashError reads get once the line is gone
    this.waiter = null;
  }
  push(bytes) {
    if (!bytes.length) return;
    this.chunks.push(Uint8Array.from(bytes));
    this.length += bytes.length;
    this.wake();
  }
  // the line is gone (a pulled cable, a closed port): pending and later reads fail
  end(why = 'the serial line closed') {
    if (!this.ended) this.ended = new FlashError('closed', why);
    this.wake();
  }
  clear() {
    this.chunks = [];
    this.length = 0;
  }
  wake() {
    if (this.waiter) this.waiter();
  }
  take(n) {
    const out = new Uint8Array(n);
    let got = 0;
    while (got < n) {
      const c = this.chunks[0];
      const k = Math.min(n - got, c.length);
      out.set(c.subarray(0, k), got);
      got += k;
      if (k === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(k);
    }
    this.length -= n;
    return out;
  }
  read(n, timeoutMs) {
    return new Promise((resolve, reject) => {
      let timer = null;
      const check = () => {
        if (this.length >= n) {
          finish();
          resolve(this.take(n));
        } else if (this.ended) {
          finish();
          reject(this.ended);
        }
      };
      const finish = () => {
        clearTimeout(timer);
        this.waiter = null;
      };
      timer = setTimeout(() => {
        finish();
        reject(new TimeoutError());
      }, timeoutMs);
      this.waiter = check;
      check();
    });
  }
}

// One conversation with the bootloader.
export class STK500 {
  constructor(transport, { baud = 115200, timeoutMs = 400 } = {}) {
    this.t = transport;
    this.baud = Number(baud);
    this.timeoutMs = timeoutMs;
    this.at = 0; // the byte address being worked on, for messages
    this.doing = 'talking to the board';
  }

  // A failed read as the person should hear it.
  lost(e) {
    if (e instanceof FlashError && e.code !== 'closed') return e;
    const why = e instanceof TimeoutError ? 'the board stopped answering' : 'the serial line was lost';
    const state =
      this.doing === 'writing'
        ? 'the board has no complete firmware now'
        : this.doing === 'verifying'
          ? 'the firmware was written but not checked'
          : 'nothing was written';
    return new FlashError(
      'lost',
      `${why} at ${hexAddr(this.at)} while ${this.doing} (cable pulled?): ${state}; connect it and flash again`,
    );
  }

  async send(bytes) {
    try {
      await this.t.write(Uint8Array.from(bytes));
    } catch (e) {
      throw this.lost(e instanceof FlashError ? e : new FlashError('closed', String(e && e.message)));
    }
  }

  // COMMAND ... CRC_EOP, answered INSYNC, ANSWER bytes, OK.
  async command(bytes, answer = 0, timeoutMs = this.timeoutMs) {
    await this.send([...bytes, CRC_EOP]);
    let got;
    try {
      got = await this.t.queue.read(answer + 2, timeoutMs);
    } catch (e) {
      throw this.lost(e);
    }
    if (got[0] !== STK_INSYNC || got[answer + 1] !== STK_OK)
      throw new FlashError(
        'protocol',
        `the bootloader lost sync while ${this.doing} at ${hexAddr(this.at)} ` +
          `(answered ${[...got].map(hex2).join(' ')}): reset the board and flash again`,
      );
    return got.subarray(1, answer + 1);
  }

  // GET_SYNC until the bootloader answers, as avrdude does: a board that is
  // still starting, or a line with junk in it, gets more than one try.
  async sync(attempts = 8, windowMs = 250) {
    let junk = 0;
    for (let i = 0; i < attempts; i++) {
      this.t.queue.clear();
      try {
        await this.t.write(Uint8Array.of(GET_SYNC, CRC_EOP));
      } catch (e) {
        throw new FlashError('closed', `the serial port closed before the bootloader answered (${e.message})`);
      }
      // the answer is the last two bytes heard in the window: a board still
      // starting, or one that chatters, may send others before it
      const until = now() + windowMs;
      const last = [-1, -1];
      for (;;) {
        const left = until - now();
        if (left <= 0) break;
        let b;
        try {
          [b] = await this.t.queue.read(1, left);
        } catch (e) {
          if (e instanceof TimeoutError) break;
          throw new FlashError('closed', `${e.message} before the bootloader answered`);
        }
        last[0] = last[1];
        last[1] = b;
        if (last[0] === STK_INSYNC && last[1] === STK_OK) {
          await sleep(30); // the answers to earlier tries, if any, then a clean line
          this.t.queue.clear();
          return;
        }
        junk++;
      }
    }
    const heard = junk ? ' (only bytes that made no sense: a wrong baud rate?)' : '';
    throw new FlashError(
      'no-answer',
      `no answer from the bootloader at ${this.baud} baud${heard}. ` +
        `Is it the board's port? Try ${otherBaud(this.baud)} baud` +
        (otherBaud(this.baud) === 57600 ? ' (a Nano with the old bootloader)' : ' (Uno-style optiboot, a new Nano)') +
        '; a board flashed over ISP has no bootloader.',
    );
  }

  async signature() {
    this.doing = 'reading the signature';
    const sig = [...(await this.command([READ_SIGN], 3))];
    const want = ATMEGA328P.signature;
    if (sig.some((b, i) => b !== want[i])) {
      const key = sig.map((b) => b.toString(16).padStart(2, '0')).join('');
      const name = KNOWN_CHIPS[key] ? `an ${KNOWN_CHIPS[key]}` : 'no chip this flasher knows';
      throw new FlashError(
        'wrong-signature',
        `the chip's signature is ${sig.map(hex2).join(' ')} (${name}), not an ATmega328P's ` +
          `${want.map(hex2).join(' ')}: nothing was written`,
      );
    }
    return sig;
  }

  async loadAddress(byteAddr) {
    const word = byteAddr >> 1;
    await this.command([LOAD_ADDRESS, word & 0xff, word >> 8]);
  }

  async writePage(byteAddr, data) {
    this.at = byteAddr;
    this.doing = 'writing';
    await this.loadAddress(byteAddr);
    await this.command([PROG_PAGE, data.length >> 8, data.length & 0xff, 0x46 /* F: flash */, ...data], 0, 1000);
  }

  async readPage(byteAddr, length) {
    this.at = byteAddr;
    this.doing = 'verifying';
    await this.loadAddress(byteAddr);
    return this.command([READ_PAGE, length >> 8, length & 0xff, 0x46], length, 1000);
  }

  // Which bootloader, by its software version: optiboot says 4 and up and
  // takes the last 512 bytes; the old Nano's ATmegaBOOT says 1 and takes 2 KB.
  async bootloader() {
    this.doing = 'asking the bootloader its version';
    const [major] = await this.command([GET_PARAMETER, SW_MAJOR], 1);
    const [minor] = await this.command([GET_PARAMETER, SW_MINOR], 1);
    return major >= 4
      ? { name: `optiboot ${major}.${minor}`, bootStart: 0x7e00 }
      : { name: `ATmegaBOOT ${major}.${minor} (the old Nano bootloader)`, bootStart: 0x7800 };
  }

  async enterProgmode() {
    this.doing = 'entering programming mode';
    await this.command([ENTER_PROGMODE]);
  }

  // Leaving starts the new firmware (optiboot through its watchdog, the
  // old bootloader when it has waited long enough).
  async leaveProgmode() {
    this.doing = 'leaving programming mode';
    await this.command([LEAVE_PROGMODE]);
  }
}

// The pages to write: each 128-byte page the file touches, 0xFF where it
// gives nothing. IMAGE is parseHex(text, 0x8000, 0xFF)'s result.
export function pagesOf(image, pageSize = ATMEGA328P.pageSize) {
  const pages = [];
  for (let at = 0; at < image.end; at += pageSize) {
    if (image.used.subarray(at, at + pageSize).some((u) => u))
      pages.push({ at, data: image.bytes.slice(at, at + pageSize) });
  }
  return pages;
}

// Flashes IMAGE through TRANSPORT and reads it all back. Resolves with
// { signature, bootloader, pages, bytes, writeMs, verifyMs } only when every byte
// matches; otherwise rejects with a FlashError.
//   onProgress({ phase: 'sync'|'write'|'verify'|'done', done, total }) in bytes
export async function flash(transport, image, { baud = 115200, onProgress = () => {}, syncAttempts = 8 } = {}) {
  const pages = pagesOf(image);
  const total = pages.reduce((n, p) => n + p.data.length, 0);
  const stk = new STK500(transport, { baud });
  onProgress({ phase: 'sync', done: 0, total });
  await stk.sync(syncAttempts);
  const signature = await stk.signature();
  const boot = await stk.bootloader();
  if (image.end > boot.bootStart)
    throw new FlashError(
      'too-big',
      `the firmware runs to ${hexAddr(image.end)}, past ${hexAddr(boot.bootStart)} where this board's ` +
        `bootloader (${boot.name}) starts: nothing was written` +
        (boot.bootStart < 0x7e00 ? '; is it the firmware for this board? (a Nano takes jarmo-nano, up to 30,720 bytes)' : ''),
    );
  await stk.enterProgmode();
  const t0 = now();
  let done = 0;
  for (const p of pages) {
    await stk.writePage(p.at, p.data);
    done += p.data.length;
    onProgress({ phase: 'write', done, total });
  }
  const t1 = now();
  done = 0;
  for (const p of pages) {
    const back = await stk.readPage(p.at, p.data.length);
    const i = p.data.findIndex((b, k) => b !== back[k]);
    if (i >= 0)
      throw new FlashError(
        'verify',
        `verify failed at ${hexAddr(p.at + i)}: wrote ${hex2(p.data[i])}, read back ${hex2(back[i])}` +
          ' (a worn or locked flash?): the firmware on the board is not the file',
      );
    done += p.data.length;
    onProgress({ phase: 'verify', done, total });
  }
  const t2 = now();
  // every byte is checked: a lost answer to leaving changes nothing (the
  // bootloader starts the firmware on its own timeout then)
  await stk.leaveProgmode().catch(() => {});
  onProgress({ phase: 'done', done: total, total });
  return { signature, bootloader: boot.name, pages: pages.length, bytes: total, writeMs: t1 - t0, verifyMs: t2 - t1 };
}
