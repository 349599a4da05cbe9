// Part: the six buttons, active low with the MCU's internal pull-ups (which
// avr8js does not model: a released button's pin is driven high here). A
// press lasts at least MIN_PRESS_MS of simulated time, so a quick click or
// a slow machine still gives the firmware's debouncer a real press.
const MIN_PRESS_MS = 40;
export const BUTTONS = ['up', 'down', 'left', 'right', 'a', 'b'];

export class Buttons {
  constructor(mcu, board) {
    this.mcu = mcu;
    this.port = mcu.port(board.buttons.port);
    this.bit = Object.fromEntries(BUTTONS.map((b) => [b, board.buttons[b]]));
    this.down = {}; // button -> simulated cycle of the press
    this.releaseAt = {}; // button -> simulated cycle at which to let go
    for (const b of BUTTONS) this.port.setPin(this.bit[b], true);
  }

  press(b, holdMs = 0) {
    if (!(b in this.bit)) return;
    const now = this.mcu.cpu.cycles;
    if (this.down[b] === undefined) this.down[b] = now;
    this.port.setPin(this.bit[b], false);
    this.releaseAt[b] = holdMs ? now + (holdMs * this.mcu.freq) / 1000 : undefined;
  }

  // Let go, but not before the press has lasted MIN_PRESS_MS.
  release(b) {
    if (this.down[b] === undefined) return;
    this.releaseAt[b] = Math.max(this.down[b] + (MIN_PRESS_MS * this.mcu.freq) / 1000, this.releaseAt[b] ?? 0);
  }

  // Called between simulation slices: releases that are due.
  update() {
    const now = this.mcu.cpu.cycles;
    for (const b of BUTTONS)
      if (this.releaseAt[b] !== undefined && now >= this.releaseAt[b]) {
        this.port.setPin(this.bit[b], true);
        delete this.down[b];
        delete this.releaseAt[b];
      }
  }
}
