// The browser build's parts that need no browser, run by node: the Intel
// HEX loader, the EEPROM store, the static server's arguments and paths.
// Each check prints "[       OK ] web-unit NAME" or "[  FAILED  ] ...".
//   node tests/web/units.mjs BUILD_DIR
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadHex } from '../../sim/web/src/hex.js';
import { EEPROMStore } from '../../sim/web/src/eeprom_store.js';

const build = process.argv[2] || 'build';
let failed = 0;
function check(name, fn) {
  try {
    const why = fn();
    if (why === true) console.log(`[       OK ] web-unit ${name}`);
    else throw new Error(why || 'false');
  } catch (e) {
    failed++;
    console.log(`[  FAILED  ] web-unit ${name}: ${e.message}`);
  }
}
const throwsWith = (fn, text) => {
  try {
    fn();
  } catch (e) {
    return e.message.includes(text) || `threw "${e.message}", not "${text}"`;
  }
  return 'did not throw';
};
class MemoryStorage {
  constructor(init = {}) { this.m = { ...init }; }
  getItem(k) { return k in this.m ? this.m[k] : null; }
  setItem(k, v) { this.m[k] = String(v); }
}

// ---- hex.js ---------------------------------------------------------------
const hex = readFileSync(`${build}/jarmo-handheld/firmware.hex`, 'utf8');
check('hex-loads-the-firmware', () => {
  const words = loadHex(hex);
  // the reset vector jumps to the C runtime's start: a JMP (0x940C), or the
  // RJMP (0xCxxx) the linker makes of it with -mrelax, with a NOP after it
  // to keep the vector 4 bytes long
  const jump = words[0] === 0x940c || ((words[0] & 0xf000) === 0xc000 && words[1] === 0x0000);
  return (words.length === 0x4000 && jump) || `first words ${words[0].toString(16)} ${words[1].toString(16)}`;
});
const firstLine = hex.split('\n')[0].trim();
check('hex-bad-checksum', () => throwsWith(() => loadHex(firstLine.slice(0, -2) + '00\n:00000001FF\n'), 'bad checksum'));
check('hex-cut-short', () => throwsWith(() => loadHex(firstLine + '\n'), 'no end-of-file record'));
check('hex-not-hex', () => throwsWith(() => loadHex('hello\n:00000001FF\n'), 'not an Intel HEX record'));
check('hex-past-flash', () => throwsWith(() => loadHex(':0280000001027B\n:00000001FF\n'), 'past the end of flash'));

// ---- eeprom_store.js --------------------------------------------------------
check('eeprom-fresh-is-erased', () => {
  const e = new EEPROMStore('k', new MemoryStorage());
  return e.readMemory(0) === 0xff && e.readMemory(1023) === 0xff;
});
check('eeprom-malformed-is-erased', () => {
  const e = new EEPROMStore('k', new MemoryStorage({ k: 'zz' + '0'.repeat(2046) }));
  return e.readMemory(0) === 0xff || 'a malformed image was read';
});
check('eeprom-survives-reload', () => {
  const storage = new MemoryStorage();
  const a = new EEPROMStore('k', storage);
  a.eraseMemory(24);
  a.writeMemory(24, 0x5a);
  const b = new EEPROMStore('k', storage);
  return b.readMemory(24) === 0x5a && b.readMemory(25) === 0xff;
});
check('eeprom-write-only-clears-bits', () => {
  const e = new EEPROMStore('k', new MemoryStorage());
  e.writeMemory(3, 0x0f);
  e.writeMemory(3, 0xf0); // without an erase, as the chip: 0x0f & 0xf0
  return e.readMemory(3) === 0x00;
});
check('eeprom-storage-full-keeps-playing', () => {
  const e = new EEPROMStore('k', { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } });
  const warn = console.warn;
  console.warn = () => {};
  try {
    e.writeMemory(0, 1);
  } finally {
    console.warn = warn;
  }
  return e.readMemory(0) === 1;
});

// ---- serve.mjs ------------------------------------------------------------
check('serve-bad-port', () => {
  const r = spawnSync('node', ['sim/web/serve.mjs', `${build}/web`, 'abc'], { encoding: 'utf8' });
  return (r.status === 2 && r.stderr.includes('usage')) || `exit ${r.status}: ${r.stderr}`;
});
check('serve-no-dir', () => {
  const r = spawnSync('node', ['sim/web/serve.mjs'], { encoding: 'utf8' });
  return (r.status === 2 && r.stderr.includes('usage')) || `exit ${r.status}`;
});
const server = spawn('node', ['sim/web/serve.mjs', `${build}/web`, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve) =>
  createInterface({ input: server.stdout }).on('line', (l) => resolve(l.match(/http:\/\/\S+\//)?.[0])));
const status = async (path) => (await fetch(url + path)).status;
const results = {
  index: await status(''),
  hex: await status('jarmo-handheld/firmware.hex'),
  missing: await status('nothing-here.js'),
  outside: await status('..%2f..%2fMakefile'),
};
server.kill();
check('serve-index-and-hex', () => (results.index === 200 && results.hex === 200) || JSON.stringify(results));
check('serve-missing-is-404', () => results.missing === 404 || `status ${results.missing}`);
check('serve-stays-in-its-folder', () => results.outside === 403 || `status ${results.outside}`);
process.exit(failed ? 1 : 0);
