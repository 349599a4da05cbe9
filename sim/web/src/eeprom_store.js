// The EEPROM's 1024 bytes kept in the browser's local storage, so a game
// survives a reload. Each byte the firmware writes is stored at once, and
// only that byte: the stored image is read back and patched, so a write
// never puts back bytes this page read long ago (the firmware's two-slot
// records keep a save whole if the page closes midway). A page that has
// lost the console to another tab (readOnly) stores nothing.
// A missing stored image reads as an erased chip (0xFF); a malformed one
// too, but it is first kept aside under KEY-unreadable (never overwritten
// by the new chip's saves) and `unreadable` says so, for the page to tell.
const SIZE = 1024;
const IMAGE = /^[0-9a-f]{2048}$/;

const toHex = (bytes) => {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
};

export class EEPROMStore {
  constructor(key, storage = globalThis.localStorage) {
    this.key = key;
    this.storage = storage;
    this.bytes = new Uint8Array(SIZE).fill(0xff);
    this.version = 0; // +1 at every write: readers redo their work only after a change
    this.readOnly = false;
    this.unreadable = null; // the key a stored image that could not be read was kept aside under
    this.reload();
  }

  // the stored image again (another tab may have played on)
  reload() {
    const saved = this.stored();
    this.bytes.fill(0xff);
    if (saved) for (let i = 0; i < SIZE; i++) this.bytes[i] = parseInt(saved.substr(i * 2, 2), 16);
    this.version++;
  }

  stored() {
    try {
      const saved = this.storage?.getItem(this.key);
      if (saved && !IMAGE.test(saved)) this.setAside(saved);
      return saved && IMAGE.test(saved) ? saved : null;
    } catch {
      return null;
    }
  }

  // a stored image this page cannot read, kept as it was under another key
  // (once: the first one found is the one kept), before anything is saved
  setAside(saved) {
    const aside = `${this.key}-unreadable`;
    try {
      if (this.storage.getItem(aside) === null) this.storage.setItem(aside, saved);
      this.unreadable = aside;
    } catch {
      this.unreadable = `${aside} (not kept: the storage refused it)`;
    }
  }

  put(hex) {
    if (this.readOnly) return;
    try {
      this.storage?.setItem(this.key, hex);
    } catch (e) {
      console.warn('EEPROM not saved:', e); // storage full or blocked: the game goes on
    }
  }

  // the whole image, as this page holds it (a new game from a link)
  save() {
    this.version++;
    this.put(toHex(this.bytes));
  }

  // one byte into the stored image
  saveByte(addr) {
    this.version++;
    const saved = this.stored();
    if (!saved) return this.put(toHex(this.bytes));
    const b = this.bytes[addr].toString(16).padStart(2, '0');
    this.put(saved.slice(0, addr * 2) + b + saved.slice(addr * 2 + 2));
  }

  // avr8js's EEPROMBackend
  readMemory(addr) {
    return this.bytes[addr % SIZE];
  }
  writeMemory(addr, value) {
    this.bytes[addr % SIZE] &= value; // programming clears bits, as the chip does
    this.saveByte(addr % SIZE);
  }
  eraseMemory(addr) {
    this.bytes[addr % SIZE] = 0xff;
    this.saveByte(addr % SIZE);
  }

  clear() {
    this.bytes.fill(0xff);
    this.save();
  }
}
