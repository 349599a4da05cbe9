// The ATmega328P in avr8js with the peripherals the firmware uses, and
// what avr8js leaves out: SLEEP (the CPU waits for the next event instead
// of spinning), the buttons' internal pull-ups (released pins read high)
// and the EEPROM's contents kept by a backend the page chooses.
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
      const sleep = cpu.progMem[cpu.pc] === SLEEP_OPCODE && cpu.data[SMCR] & 1;
      avrInstruction(cpu);
      cpu.tick();
      if (sleep) this.sleeping = true;
    }
  }
}
