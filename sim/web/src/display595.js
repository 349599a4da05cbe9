// Part: the reference board's display (board.display "bicolor-595"), as
// sim/part_display_595.c models it. Every byte the SPI master sends shifts
// into the 24-bit chain of three shift registers when its eighth clock
// ends; at the latch pin's rising edge the row and column outputs change
// and the matrix model integrates what a person sees. A blanking pin with
// a pull-up turns every output off while it is high or an input.
import { Matrix, N, frameLetter } from './matrix.js';

export class Display595 {
  constructor(mcu, board) {
    this.mcu = mcu;
    this.board = board;
    mcu.resetHooks.push(() => this.reset());
    this.matrix = new Matrix();
    this.chain = 0;
    this.rows = 0;
    this.red = 0;
    this.green = 0;
    this.latchLevel = 0;
    this.blanked = !!board.blank; // the pull-up, while the pin is an input
    const { cpu, spi } = mcu;
    spi.onByte = (value) => {
      cpu.addClockEvent(() => {
        this.chain = ((this.chain << 8) | value) & 0xffffff; // the last byte sent sits nearest the MCU
        spi.completeTransfer(0);
      }, spi.transferCycles);
    };
    const latchBit = 1 << board.latch.bit;
    mcu.port(board.latch.port).addListener((value) => {
      const level = value & latchBit ? 1 : 0;
      if (level && !this.latchLevel) this.onLatch();
      this.latchLevel = level;
    });
    if (board.blank) mcu.port(board.blank.port).addListener(() => this.blankChanged());
  }

  onLatch() {
    const c = this.chain;
    let rows, red, green;
    if (this.board.row_first) { // MOSI -> red -> green -> rows
      red = c & 0xff;
      green = (c >> 8) & 0xff;
      rows = (c >> 16) & 0xff;
    } else { // MOSI -> rows -> red -> green
      rows = c & 0xff;
      red = (c >> 8) & 0xff;
      green = (c >> 16) & 0xff;
    }
    if (this.board.row_active_low) rows = ~rows & 0xff;
    if (this.board.col_active_low) {
      red = ~red & 0xff;
      green = ~green & 0xff;
    }
    this.rows = rows;
    this.red = red;
    this.green = green;
    this.outputsChanged();
  }

  // The blanking net: the pin's output when it is one, else the pull-up.
  blankChanged() {
    const { port, bit } = this.board.blank;
    const ddr = this.mcu.ddrValue(port);
    const out = this.mcu.portValue(port);
    const blanked = !(ddr & (1 << bit)) || !!(out & (1 << bit));
    if (blanked !== this.blanked) {
      this.blanked = blanked;
      this.outputsChanged();
    }
  }

  outputsChanged() {
    const now = this.mcu.cpu.cycles;
    if (this.blanked) this.matrix.latch(now, 0, 0, 0);
    else this.matrix.latch(now, this.rows, this.red, this.green);
  }

  // An MCU reset: the pins are inputs again, so the pull-up blanks (the
  // shift registers keep what they hold; a byte in flight is lost).
  reset() {
    this.blanked = !!this.board.blank;
    this.outputsChanged();
  }

  // Per LED: {letter, r, g, b} with r, g, b 0..1 as the eye sees them.
  leds() {
    const v = this.matrix.view(this.mcu.cpu.cycles);
    const out = [];
    for (let y = 0; y < N; y++)
      for (let x = 0; x < N; x++) {
        const r = v.red[y][x];
        const g = v.green[y][x];
        out.push({ x, y, letter: frameLetter(r, g), r: Math.min(1, r), g: Math.min(1, g), b: 0 });
      }
    return out;
  }

  refreshHz() {
    return this.matrix.refreshHz(this.mcu.cpu.cycles, this.mcu.freq);
  }
}
