// Runs the emulated board in step with the wall clock: each slice runs the
// simulated cycles that real time asks for, at most SLICE_MS of work, then
// gives the page its turn. A machine too slow to keep up runs the game
// slower, never differently: presses and holds are timed in simulated time.
const SLICE_MS = 16;
const MAX_LAG_S = 0.25; // behind by more than this: let it go, do not race to catch up
const WINDOW_S = 2; // the speed figure is taken over this much wall time

export class Runner {
  // onStep: before every simulated millisecond; onSlice: after each slice
  constructor(mcu, onStep, onSlice) {
    this.mcu = mcu;
    this.onStep = onStep;
    this.onSlice = onSlice;
    this.running = false;
    this.target = 0;
    this.last = 0;
    this.samples = []; // [wall ms, simulated cycles, busy ms so far]
    this.busyMs = 0;
    this.channel = new MessageChannel();
    this.channel.port1.onmessage = () => this.slice();
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.last = performance.now();
    this.target = this.mcu.cpu.cycles;
    this.channel.port2.postMessage(0);
  }

  stop() {
    this.running = false;
  }

  slice() {
    if (!this.running) return;
    const t0 = performance.now();
    const { freq } = this.mcu;
    this.target += ((t0 - this.last) / 1000) * freq;
    this.last = t0;
    if (this.target - this.mcu.cpu.cycles > MAX_LAG_S * freq) this.target = this.mcu.cpu.cycles + MAX_LAG_S * freq;
    // run in small steps so that a slice never takes much over SLICE_MS
    const step = freq / 1000; // 1 simulated ms
    while (this.mcu.cpu.cycles < this.target && performance.now() - t0 < SLICE_MS) {
      this.onStep?.();
      this.mcu.runTo(Math.min(this.target, this.mcu.cpu.cycles + step));
    }
    const t1 = performance.now();
    this.busyMs += t1 - t0;
    this.samples.push([t1, this.mcu.cpu.cycles, this.busyMs]);
    while (this.samples.length > 2 && t1 - this.samples[0][0] > WINDOW_S * 1000) this.samples.shift();
    this.onSlice?.();
    // wait for the next wall-clock moment when there is nothing to catch up on
    if (this.mcu.cpu.cycles >= this.target) setTimeout(() => this.channel.port2.postMessage(0), 4);
    else this.channel.port2.postMessage(0);
  }

  // ratio: simulated seconds per wall second (1 = real time; the pacing
  // keeps it at or below 1); capacity: simulated seconds per second of the
  // page's busy time, what this machine could run unpaced.
  stats() {
    const s = this.samples;
    if (s.length < 2) return { ratio: 0, capacity: 0, simSeconds: this.mcu.cpu.cycles / this.mcu.freq };
    const [w0, c0, b0] = s[0];
    const [w1, c1, b1] = s[s.length - 1];
    const simS = (c1 - c0) / this.mcu.freq;
    return {
      ratio: simS / ((w1 - w0) / 1000),
      capacity: b1 > b0 ? simS / ((b1 - b0) / 1000) : 0,
      simSeconds: this.mcu.cpu.cycles / this.mcu.freq,
    };
  }
}
