// The EEPROM's 1024 bytes kept in the browser's local storage, so a game
// survives a reload. Each byte the firmware writes is stored at once (the
// firmware's two-slot records keep a save whole if the page closes midway).
// A missing or malformed stored image reads as an erased chip (0xFF).
const SIZE = 1024;

export class EEPROMStore {
  constructor(key, storage = globalThis.localStorage) {
    this.key = key;
    this.storage = storage;
    this.bytes = new Uint8Array(SIZE).fill(0xff);
    this.version = 0; // +1 at every write: readers redo their work only after a change
    const saved = storage?.getItem(key);
    if (saved && /^[0-9a-f]{2048}$/.test(saved))
      for (let i = 0; i < SIZE; i++) this.bytes[i] = parseInt(saved.substr(i * 2, 2), 16);
  }

  save() {
    this.version++;
    let hex = '';
    for (const b of this.bytes) hex += b.toString(16).padStart(2, '0');
    try {
      this.storage?.setItem(this.key, hex);
    } catch (e) {
      console.warn('EEPROM not saved:', e); // storage full or blocked: the game goes on
    }
  }

  // avr8js's EEPROMBackend
  readMemory(addr) {
    return this.bytes[addr % SIZE];
  }
  writeMemory(addr, value) {
    this.bytes[addr % SIZE] &= value; // programming clears bits, as the chip does
    this.save();
  }
  eraseMemory(addr) {
    this.bytes[addr % SIZE] = 0xff;
    this.save();
  }

  clear() {
    this.bytes.fill(0xff);
    this.save();
  }
}
