// Part: the piezo on the board's buzzer pin, heard through WebAudio. Edges
// give the tone's frequency (the half period between them), as
// sim/part_buzzer.c measures it; a pin silent for 20 ms has ended its tone.
const TONE_GAP_MS = 20;

export class Buzzer {
  constructor(mcu, board) {
    this.mcu = mcu;
    this.level = 0;
    this.lastEdge = -Infinity;
    this.freqHz = 0;
    this.tones = 0; // tones started so far (for tests)
    this.audio = null;
    const mask = 1 << board.buzzer.bit;
    mcu.port(board.buzzer.port).addListener((value) => this.onPin(value & mask ? 1 : 0));
  }

  onPin(level) {
    if (level === this.level) return;
    this.level = level;
    const now = this.mcu.cpu.cycles;
    const half = now - this.lastEdge;
    if ((half * 1000) / this.mcu.freq <= TONE_GAP_MS) this.freqHz = this.mcu.freq / (2 * half);
    else this.tones++;
    this.lastEdge = now;
  }

  // The tone sounding now, in Hz, or 0.
  tone() {
    const silentMs = ((this.mcu.cpu.cycles - this.lastEdge) * 1000) / this.mcu.freq;
    return silentMs > TONE_GAP_MS ? 0 : this.freqHz;
  }

  // Browsers start audio only after a click or key: the page calls this then.
  enableAudio() {
    if (this.audio || typeof AudioContext === 'undefined') return;
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'square';
    gain.gain.value = 0;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    this.audio = { ctx, osc, gain };
  }

  // Called once per screen refresh: follow the pin.
  update() {
    if (!this.audio) return;
    const f = this.tone();
    const { ctx, osc, gain } = this.audio;
    if (f > 20 && f < 20000) osc.frequency.setTargetAtTime(f, ctx.currentTime, 0.002);
    gain.gain.setTargetAtTime(f ? 0.05 : 0, ctx.currentTime, 0.004);
  }
}
