// The page's "Flash a board" section: the firmware chosen, the bootloader's
// baud rate, Web Serial to the board and stk500.js to its bootloader, a
// progress bar and one status line. Where the browser has no Web Serial the
// section says so and offers the download above instead.
import { parseHex } from './hex.js';
import { ByteQueue, FlashError, flash } from './stk500.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const NO_WEB_SERIAL =
  'This browser cannot reach a serial port (Web Serial is in Chrome, Edge and Opera on a computer, ' +
  'on https or localhost): download the firmware above and flash it with make flash or avrdude.';

// A Web Serial port, opened, as a stk500.js transport.
export function webSerialTransport(port) {
  const queue = new ByteQueue();
  const reader = port.readable.getReader();
  const writer = port.writable.getWriter();
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value) queue.push(value);
      }
      queue.end('the serial port closed');
    } catch (e) {
      queue.end(`the serial port was lost (${e.message})`);
    }
  })();
  return {
    queue,
    async write(bytes) {
      if (queue.ended) throw queue.ended;
      try {
        await writer.write(bytes);
      } catch (e) {
        queue.end(`the serial port was lost (${e.message})`);
        throw queue.ended;
      }
    },
    // DTR low then high: the board resets through its capacitor into the
    // bootloader (as avrdude's arduino programmer does it)
    async reset() {
      await port.setSignals({ dataTerminalReady: false, requestToSend: false });
      await sleep(250);
      await port.setSignals({ dataTerminalReady: true, requestToSend: true });
      await sleep(50);
    },
    async close() {
      await reader.cancel().catch(() => {});
      await reading;
      reader.releaseLock();
      writer.releaseLock();
      await port.close().catch(() => {});
    },
  };
}

// Web Serial's exceptions as the person should hear them.
function portError(e, baud) {
  if (e instanceof FlashError) return e;
  if (e && e.name === 'NotFoundError') return new FlashError('no-port', 'No port chosen: nothing was written.');
  if (e && e.name === 'SecurityError')
    return new FlashError('no-port', 'The browser refused access to serial ports on this page.');
  if (e && (e.name === 'InvalidStateError' || e.name === 'NetworkError'))
    return new FlashError(
      'port-busy',
      `The port is busy (${e.message}): close whatever else has it open (the Arduino IDE's ` +
        `serial monitor, avrdude, another tab) and try again.`,
    );
  return new FlashError('port', `The serial port failed at ${baud} baud: ${e && e.message}`);
}

// The firmware files to offer: make dist's (DIST, the page's promise of
// dist.json), else each board's firmware.hex.
async function firmwareChoices(dist, boards) {
  try {
    return Object.entries((await dist).boards).map(([board, f]) => ({
      board,
      url: `dist/${f.file}`,
      label: `${f.file} (${board})`,
    }));
  } catch {
    return boards.map((board) => ({ board, url: `${board}/firmware.hex`, label: `${board}/firmware.hex` }));
  }
}

// Sets up the section (#flash) for the page's board.
export async function initFlash(root, { board, boards = [board], dist = null } = {}) {
  if (!root) return;
  const $ = (sel) => root.querySelector(sel);
  const button = $('#flash-button');
  const status = $('#flash-status');
  const progress = $('#flash-progress');
  const say = (text, kind = '') => {
    status.textContent = text;
    status.dataset.state = kind;
    delete status.dataset.code;
  };
  const serial = typeof navigator !== 'undefined' ? navigator.serial : undefined;
  if (!serial) {
    $('#flash-unsupported').textContent = NO_WEB_SERIAL;
    $('#flash-unsupported').hidden = false;
    $('.flash-form').hidden = true;
    button.disabled = true;
    root.dataset.serial = 'none';
    return;
  }
  root.dataset.serial = 'yes';
  const select = $('#flash-firmware');
  try {
    for (const c of await firmwareChoices(dist, boards)) select.add(new Option(c.label, c.url, false, c.board === board));
  } catch (e) {
    say(`No firmware to offer: ${e.message}`, 'error');
    button.disabled = true;
    return;
  }
  let busy = false;
  button.onclick = async () => {
    if (busy) return;
    busy = true;
    button.disabled = true;
    const baud = Number($('#flash-baud').value);
    progress.value = 0;
    progress.hidden = true;
    let transport = null;
    let port = null;
    try {
      say('Choose the board\'s serial port…');
      try {
        port = await serial.requestPort();
      } catch (e) {
        throw portError(e, baud);
      }
      say('Reading the firmware…');
      const r = await fetch(select.value);
      if (!r.ok) throw new FlashError('bad-file', `${select.value}: ${r.status} ${r.statusText}`);
      let image;
      try {
        image = parseHex(await r.text(), 0x8000, 0xff);
      } catch (e) {
        throw new FlashError('bad-file', `${select.value}: ${e.message}`);
      }
      try {
        await port.open({ baudRate: baud });
      } catch (e) {
        port = null; // not ours to close
        throw portError(e, baud);
      }
      transport = webSerialTransport(port);
      say('Resetting the board into its bootloader…');
      await transport.reset().catch(() => {}); // an adapter without DTR: the open reset it, or a person does
      progress.hidden = false;
      const result = await flash(transport, image, {
        baud,
        onProgress: ({ phase, done, total }) => {
          // writing is the first half of the bar, reading back the second
          progress.value = phase === 'done' ? 1 : phase === 'verify' ? 0.5 + done / total / 2 : phase === 'write' ? done / total / 2 : 0;
          if (phase === 'sync') say(`Talking to the bootloader at ${baud} baud…`);
          else if (phase === 'write') say(`Writing ${done} of ${total} bytes…`);
          else if (phase === 'verify') say(`Verifying ${done} of ${total} bytes…`);
        },
      });
      say(
        `Flashed and verified: ${result.bytes.toLocaleString('en')} bytes through ${result.bootloader} at ${baud} baud ` +
          `(writing ${(result.writeMs / 1000).toFixed(1)} s, verifying ${(result.verifyMs / 1000).toFixed(1)} s). ` +
          'The board restarts with the new firmware; its saved games are kept.',
        'done',
      );
    } catch (e) {
      const err = e instanceof FlashError ? e : portError(e, baud);
      say(err.message, 'error');
      status.dataset.code = err.code;
    } finally {
      if (transport) await transport.close().catch(() => {});
      else if (port) await port.close().catch(() => {});
      busy = false;
      button.disabled = false;
    }
  };
}
