// The ATmega328P in avr8js with the peripherals the firmware uses, and
// what avr8js 0.21 leaves out:
// - after an instruction that sets the I flag (SEI, RETI, OUT to SREG) the
//   AVR runs one more instruction before any interrupt. avr-gcc's stack
//   frame code depends on it: `out SPH; out SREG; out SPL` must not be
//   interrupted half-way, or an ISR pushes onto a stack pointer with the
//   new high byte and the old low byte and corrupts RAM (seen here: the
//   firmware crashed into a reset every few games before this rule);
// - SLEEP: the CPU waits for the next event instead of spinning;
// - the buttons' internal pull-ups (released pins read high: buttons.js);
// - the EEPROM's contents, kept by a backend the page chooses.
import {
  AVRClock,
  AVREEPROM,
  AVRIOPort,
  AVRSPI,
  AVRTimer,
  AVRUSART,
  AVRWatchdog,
  CPU,
  avrInstruction,
  clockConfig,
  eepromConfig,
  portBConfig,
  portCConfig,
  portDConfig,
  spiConfig,
  timer0Config,
  timer1Config,
  timer2Config,
  usart0Config,
  watchdogConfig,
} from 'avr8js';

const SRAM_BYTES = 0x800;
const SMCR = 0x53;
const SREG = 0x5f;
const SREG_I = 0x80;
const SLEEP_OPCODE = 0x9588;
const PORT_CONFIG = { B: portBConfig, C: portCConfig, D: portDConfig };

export class MCU {
  constructor(program, freq, eepromBackend) {
    this.freq = freq;
    const cpu = (this.cpu = new CPU(program, SRAM_BYTES));
    this.ports = {};
    for (const [name, config] of Object.entries(PORT_CONFIG)) this.ports[name] = new AVRIOPort(cpu, config);
    this.timers = [timer0Config, timer1Config, timer2Config].map((c) => new AVRTimer(cpu, c));
    this.spi = new AVRSPI(cpu, spiConfig, freq);
    this.usart = new AVRUSART(cpu, usart0Config, freq);
    this.eeprom = new AVREEPROM(cpu, eepromBackend, eepromConfig);
    this.clock = new AVRClock(cpu, freq, clockConfig);
    this.watchdog = new AVRWatchdog(cpu, watchdogConfig, this.clock);
    this.sleeping = false;
    // every reset the board goes through (the watchdog's, for one), for
    // people and tests to see: {cycle, pc} where it struck
    this.resets = [];
    this.resetHooks = []; // the board's parts that see the reset (the displays)
    const reset = cpu.reset.bind(cpu);
    cpu.reset = () => {
      this.resets.push({ cycle: cpu.cycles, pc: cpu.pc * 2 });
      this.sleeping = false;
      reset(); // avr8js drops every pending clock event, an SPI byte's end among them
      this.spi.reset(); // ...so the SPI would stay busy and refuse the next byte
      for (const hook of this.resetHooks) hook();
    };
  }

  port(name) {
    const p = this.ports[name];
    if (!p) throw new Error(`no port ${name} on this MCU`);
    return p;
  }

  portValue(name) {
    return this.cpu.data[this.port(name).portConfig.PORT];
  }

  ddrValue(name) {
    return this.cpu.data[this.port(name).portConfig.DDR];
  }

  // Runs until cpu.cycles reaches `target`.
  runTo(target) {
    const { cpu } = this;
    while (cpu.cycles < target) {
      if (this.sleeping) {
        // asleep: nothing runs until an enabled interrupt; jump to the next
        // peripheral event instead of counting the cycles one by one
        if (!cpu.interruptsEnabled || cpu.nextInterrupt >= 0) {
          this.sleeping = false;
          cpu.tick();
          continue;
        }
        const ev = cpu.nextClockEvent;
        cpu.cycles = ev ? Math.min(Math.max(ev.cycles, cpu.cycles), target) : target;
        const pc = cpu.pc;
        cpu.tick();
        if (cpu.pc !== pc) this.sleeping = false; // an interrupt woke it
        continue;
      }
      const interruptsWereOff = !(cpu.data[SREG] & SREG_I);
      this.instruction();
      // I just set: the next instruction runs before any interrupt
      if (interruptsWereOff && cpu.data[SREG] & SREG_I && !this.sleeping) this.instruction();
      cpu.tick();
    }
  }

  instruction() {
    const { cpu } = this;
    const sleep = cpu.progMem[cpu.pc] === SLEEP_OPCODE && cpu.data[SMCR] & 1;
    avrInstruction(cpu);
    if (sleep) this.sleeping = true;
  }
}
