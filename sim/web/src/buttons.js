// Part: the six buttons, active low with the MCU's internal pull-ups (which
// avr8js does not model: a released button's pin is driven high here).
// Presses and releases are queued in simulated time: a press lasts at least
// MIN_PRESS_MS and the next press comes at least MIN_GAP_MS after a release,
// so quick clicks, or a page that fell behind real time and then got many
// key events at once, still reach the firmware as the taps a person made.
const MIN_PRESS_MS = 40;
const MIN_GAP_MS = 30;
export const BUTTONS = ['up', 'down', 'left', 'right', 'a', 'b'];

export class Buttons {
  constructor(mcu, board) {
    this.mcu = mcu;
    this.port = mcu.port(board.buttons.port);
    this.bit = Object.fromEntries(BUTTONS.map((b) => [b, board.buttons[b]]));
    this.queue = []; // {at: simulated cycle, button, down}, in time order
    this.tail = 0; // the cycle of the last queued event
    this.pressedAt = {}; // button -> cycle of its queued press, while held
    this.log = [];
    for (const b of BUTTONS) this.port.setPin(this.bit[b], true);
  }

  ms(n) {
    return (n * this.mcu.freq) / 1000;
  }

  enqueue(at, button, down) {
    this.tail = Math.max(at, this.tail);
    this.queue.push({ at: this.tail, button, down });
  }

  // holdMs: let go by itself after that long (the long B of the `m` key)
  press(b, holdMs = 0) {
    if (!(b in this.bit) || this.pressedAt[b] !== undefined) return;
    const at = Math.max(this.mcu.cpu.cycles, this.tail + this.ms(MIN_GAP_MS));
    this.enqueue(at, b, true);
    this.pressedAt[b] = this.tail;
    if (holdMs) this.release(b, holdMs);
  }

  release(b, holdMs = MIN_PRESS_MS) {
    if (this.pressedAt[b] === undefined) return;
    this.enqueue(Math.max(this.mcu.cpu.cycles, this.pressedAt[b] + this.ms(Math.max(holdMs, MIN_PRESS_MS))), b, false);
    delete this.pressedAt[b];
  }

  // Called as simulated time goes on: the pin changes that are due.
  update() {
    const now = this.mcu.cpu.cycles;
    while (this.queue.length && this.queue[0].at <= now) {
      const e = this.queue.shift();
      this.port.setPin(this.bit[e.button], !e.down);
      // the last pin changes, "ms:button v|^", for a failing test to show
      this.log.push(`${((now * 1000) / this.mcu.freq).toFixed(1)}:${e.button}${e.down ? 'v' : '^'}`);
      if (this.log.length > 100) this.log.shift();
    }
  }
}
