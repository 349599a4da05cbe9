// The console's settings and saved game in words, from its EEPROM bytes,
// by the simulator's own C (console.wasm: sim/settings_text.c,
// sim/status_text.c over the firmware's storage code and rules core).
import { wasmText } from './wasm_text.js';

export class ConsoleText {
  static async load(url = 'console.wasm') {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
    return ConsoleText.fromBytes(await r.arrayBuffer());
  }

  static async fromBytes(bytes) {
    const { instance } = await WebAssembly.instantiate(bytes);
    return new ConsoleText(instance.exports);
  }

  constructor(exports) {
    this.x = exports;
    this.io = wasmText(exports, 'console_text_in', 'console_text_out', 256);
  }

  mem() {
    return new Uint8Array(this.x.memory.buffer);
  }

  // the EEPROM image in and out of the module
  put(eeprom) {
    if (eeprom.length !== 1024) throw new Error(`an EEPROM image is 1024 bytes, not ${eeprom.length}`);
    this.mem().set(eeprom, this.x.console_eeprom.value);
  }

  take(eeprom) {
    if (eeprom.length !== 1024) throw new Error(`an EEPROM image is 1024 bytes, not ${eeprom.length}`);
    eeprom.set(this.mem().subarray(this.x.console_eeprom.value, this.x.console_eeprom.value + eeprom.length));
  }

  text() {
    return this.io.get();
  }

  // printable ASCII of at most 60 characters into console_text_in, NUL-ended
  textIn(s) {
    this.io.put(s);
  }

  // { game: true|false, text }: the match and the game now, in two lines;
  // latest: the console's newest debug line of the game (start, resume,
  // move, undo, over, return), which tells a finished game's end screens
  status(eeprom, latest = '') {
    this.put(eeprom);
    this.textIn(String(latest).slice(0, 60).replace(/[^\x20-\x7e]/g, ''));
    const game = this.x.console_status() === 1;
    return { game, text: this.text() };
  }

  // "level=5" into the settings record of `eeprom` (changed in place);
  // { ok, why }
  set(eeprom, assignment) {
    const a = String(assignment);
    if (a.length > 60 || /[^\x20-\x7e]/.test(a)) return { ok: false, why: 'not a setting' };
    this.put(eeprom);
    this.textIn(a);
    const ok = this.x.console_set() === 1;
    if (ok) this.take(eeprom);
    return { ok, why: ok ? '' : this.text() };
  }

  // the saved game dropped: the console starts a new match
  dropGame(eeprom) {
    this.put(eeprom);
    this.x.console_drop_game();
    this.take(eeprom);
  }

  // A recorded game replayed by the rules core: { ok: true, positions }
  // (one for the start and one after each move) or { ok: false, why, at,
  // positions } with the positions up to the move at fault (index `at`).
  // A position: { points: { a1: 'w' | 'b' | 'W' | 'B' | '.' }, off: {
  // white: { captured, ready }, black: ... }, toMove, over: null | {
  // white, black, winner, reason, side (the side the end names: the one
  // that cannot move, got all across first or lost all; 'draw' for none) } }.
  replay(rules, first, moves) {
    const read = () => {
      const w = this.text().split(' ');
      const points = {};
      for (let i = 0; i < 25; i++) points[`${'abcde'[i % 5]}${Math.floor(i / 5) + 1}`] = w[0][i];
      return {
        points,
        off: { white: { captured: Number(w[1]), ready: Number(w[2]) }, black: { captured: Number(w[3]), ready: Number(w[4]) } },
        toMove: w[5],
        over: w[6] === '-' ? null : { white: Number(w[6]), black: Number(w[7]), winner: w[8], reason: w[9], side: w[10] },
      };
    };
    if (!/^[a-z]{1,12} [a-z]{1,8}$/.test(`${rules} ${first}`)) return { ok: false, why: `not a rule set and a side: ${String(rules).slice(0, 20)} ${String(first).slice(0, 20)}`, at: -1, positions: [] };
    this.textIn(`${rules} ${first}`);
    if (this.x.console_replay_start() !== 1) return { ok: false, why: this.text(), at: -1, positions: [] };
    const positions = [read()];
    for (let i = 0; i < moves.length; i++) {
      if (!/^[a-e1-5@x-]{2,10}$/.test(moves[i])) return { ok: false, why: 'not a move', at: i, positions };
      this.textIn(moves[i]);
      if (this.x.console_replay_move() !== 1) return { ok: false, why: this.text(), at: i, positions };
      positions.push(read());
    }
    return { ok: true, positions };
  }

  // every setting, { name: value }
  settings(eeprom) {
    this.put(eeprom);
    this.x.console_settings();
    return Object.fromEntries(new URLSearchParams(this.text()));
  }
}
