// What a person sees on the multiplexed LED matrix, reconstructed from the
// latched shift-register outputs over time (persistence of vision). The
// same model, constants and letters as sim/sim_matrix.c and
// sim/frame_letter.h, so the page and `jarmo-sim --dump-frame-at` agree.
export const N = 8;
const EVENTS = 16384;
const FRAMES = 1024;
const VIEW_FRAMES = 4; // the eye integrates over this many frames
const LIT = 0.15; // below this an LED looks off
const FULL = 0.85; // above this it looks fully on

export class Matrix {
  constructor() {
    this.cycle = new Float64Array(EVENTS);
    this.rows = new Uint8Array(EVENTS);
    this.red = new Uint8Array(EVENTS);
    this.green = new Uint8Array(EVENTS);
    this.count = 0;
    this.frameStart = new Float64Array(FRAMES);
    this.frames = 0;
    this.lastRow = 0xff;
  }

  // The outputs change at `cycle`: rows driven and columns lit (1 = on).
  latch(cycle, rows, red, green) {
    const i = this.count % EVENTS;
    this.cycle[i] = cycle;
    this.rows[i] = rows;
    this.red[i] = red;
    this.green[i] = green;
    this.count++;
    // a frame starts when the scan comes back to the top row
    const row = rows ? 31 - Math.clz32(rows & -rows) : -1;
    if (row === 0 && this.lastRow !== 0) this.frameStart[this.frames++ % FRAMES] = cycle;
    if (row >= 0) this.lastRow = row;
  }

  // Brightness 0..1 per LED and colour over the last whole frames before `now`.
  view(now) {
    const red = Array.from({ length: N }, () => new Float64Array(N));
    const green = Array.from({ length: N }, () => new Float64Array(N));
    if (this.count === 0) return { red, green };
    let from;
    let to = now;
    let complete = 0;
    for (let i = this.frames; i > 0 && i + FRAMES > this.frames; i--)
      if (this.frameStart[(i - 1) % FRAMES] <= now) {
        complete = i;
        break;
      }
    if (complete > VIEW_FRAMES) {
      const last = this.frameStart[(complete - 1) % FRAMES];
      const first = this.frameStart[(complete - 1 - VIEW_FRAMES) % FRAMES];
      const period = (last - first) / VIEW_FRAMES;
      if (now - last <= 2 * period) {
        to = last;
        from = first;
      } else {
        from = Math.max(0, now - period * VIEW_FRAMES);
      }
    } else {
      from = this.cycle[0];
    }
    if (to <= from) return { red, green };
    const span = to - from;
    const oldest = Math.max(0, this.count - EVENTS);
    for (let i = this.count; i > oldest; i--) {
      const e = (i - 1) % EVENTS;
      const start = this.cycle[e];
      const end = i === this.count ? now : this.cycle[i % EVENTS];
      if (start >= to) continue;
      if (end <= from) break;
      const a = Math.max(start, from);
      const b = Math.min(end, to);
      if (b <= a) continue;
      // each row is lit 1/8 of the time at most: scale so that 1 = full
      const share = ((b - a) * N) / span;
      for (let r = 0; r < N; r++) {
        if (!(this.rows[e] & (1 << r))) continue;
        for (let c = 0; c < N; c++) {
          if (this.red[e] & (1 << c)) red[r][c] += share;
          if (this.green[e] & (1 << c)) green[r][c] += share;
        }
      }
    }
    return { red, green };
  }

  // Full frames per second over the last second of simulated time.
  refreshHz(now, freq) {
    const since = Math.max(0, now - freq);
    let n = 0;
    for (let i = this.frames; i > 0 && i + FRAMES > this.frames; i--) {
      const t = this.frameStart[(i - 1) % FRAMES];
      if (t > now) continue;
      if (t < since) break;
      n++;
    }
    return (n * freq) / Math.max(1, now - since);
  }
}

const OFF = 0;
const LIT_LEVEL = 1;
const FULL_LEVEL = 2;
const level = (v) => (v >= FULL ? FULL_LEVEL : v >= LIT ? LIT_LEVEL : OFF);

// '.' off, 'r' 'g' 'y' lit, upper case when every lit colour is at full.
export function frameLetter(redValue, greenValue) {
  const r = level(redValue);
  const g = level(greenValue);
  let ch = r && g ? 'y' : r ? 'r' : g ? 'g' : '.';
  if ((r || g) && (!r || r === FULL_LEVEL) && (!g || g === FULL_LEVEL)) ch = ch.toUpperCase();
  return ch;
}
