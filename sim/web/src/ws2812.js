// Part: an 8x8 WS2812B panel on one data pin (board.display "ws2812"), as
// sim/part_display_ws2812.c models it: the data line decoded from the
// cycle times of its edges (a high of 150-380 ns is a 0 bit, 625-1000 ns a
// 1 bit, anything else a bad bit), a low of 280 us or more latches the
// frame, 64 x (G, R, B) in chain order mapped by the board's layout.
import { N, frameLetter } from './matrix.js';

const LEDS = N * N;
const FRAME_BITS = LEDS * 24;
const FULL_VALUE = 160; // the firmware's brightest level: shown as full

export class DisplayWS2812 {
  constructor(mcu, board) {
    this.mcu = mcu;
    this.board = board;
    mcu.resetHooks.push(() => this.reset());
    this.incoming = new Uint8Array(LEDS * 3);
    this.shown = new Uint8Array(LEDS * 3);
    this.bits = 0;
    this.level = 0;
    this.rise = 0;
    this.fall = 0;
    this.frames = 0;
    this.badBits = 0;
    const mask = 1 << board.ws2812.bit;
    mcu.port(board.ws2812.port).addListener((value) => this.onData(value & mask ? 1 : 0));
  }

  ns(cycles) {
    return (cycles * 1e9) / this.mcu.freq;
  }

  latch() {
    if (this.bits === FRAME_BITS) {
      this.shown.set(this.incoming);
      this.frames++;
    } else if (this.bits) {
      this.badBits += this.bits; // a frame cut short
    }
    this.bits = 0;
  }

  settle() {
    if (!this.level && this.bits && this.ns(this.mcu.cpu.cycles - this.fall) >= 280000) this.latch();
  }

  onData(level) {
    if (level === this.level) return;
    this.level = level;
    const now = this.mcu.cpu.cycles;
    if (level) {
      const low = this.ns(now - this.fall);
      if (this.bits && low >= 280000) this.latch();
      else if (this.bits && low >= 50000) this.badBits++;
      this.rise = now;
      return;
    }
    this.fall = now;
    const high = this.ns(now - this.rise);
    const bit = high >= 150 && high <= 380 ? 0 : high >= 625 && high <= 1000 ? 1 : -1;
    if (bit < 0) {
      this.badBits++;
      return;
    }
    if (this.bits < FRAME_BITS) {
      const i = this.bits >> 3;
      this.incoming[i] = ((this.incoming[i] << 1) | bit) & 0xff;
    }
    this.bits++;
  }

  index(x, y) {
    const reversed = this.board.serpentine && y & 1;
    return y * N + (reversed ? N - 1 - x : x);
  }

  reset() {
    this.bits = 0; // the LEDs keep what they show; a frame in flight is lost
    this.level = 0;
  }

  leds() {
    this.settle();
    const out = [];
    for (let y = 0; y < N; y++)
      for (let x = 0; x < N; x++) {
        const i = this.index(x, y) * 3;
        const g = this.shown[i] / FULL_VALUE;
        const r = this.shown[i + 1] / FULL_VALUE;
        const b = this.shown[i + 2] / FULL_VALUE;
        out.push({ x, y, letter: frameLetter(r, g), r: Math.min(1, r), g: Math.min(1, g), b: Math.min(1, b) });
      }
    return out;
  }

  refreshHz() {
    this.settle();
    return this.frames ? 400 : 0; // the LEDs refresh themselves (datasheet PWM)
  }
}
