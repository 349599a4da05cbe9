// Intel HEX (as avr-objcopy writes firmware.hex). Throws on a bad line,
// naming it ("hex line 12: bad checksum").

// The file's bytes: { bytes, used, end, size }: bytes is the program memory
// (FILL where the file has nothing), used marks each address the file
// gives, end is one past the highest one and size how many it gives.
export function parseHex(text, flashBytes = 0x8000, fill = 0) {
  const bytes = new Uint8Array(flashBytes).fill(fill);
  const used = new Uint8Array(flashBytes);
  let base = 0;
  let sawEnd = false;
  let end = 0;
  let size = 0;
  text.split(/\r?\n/).forEach((line, n) => {
    line = line.trim();
    if (!line || sawEnd) return;
    if (line[0] !== ':' || line.length < 11 || line.length % 2 === 0)
      throw new Error(`hex line ${n + 1}: not an Intel HEX record`);
    if (!/^:[0-9A-Fa-f]+$/.test(line)) throw new Error(`hex line ${n + 1}: not hexadecimal`);
    const rec = [];
    for (let i = 1; i < line.length; i += 2) rec.push(parseInt(line.substr(i, 2), 16));
    const [count, hi, lo, type] = rec;
    if (rec.length !== count + 5) throw new Error(`hex line ${n + 1}: length does not match its count`);
    if (rec.reduce((a, b) => a + b, 0) & 0xff) throw new Error(`hex line ${n + 1}: bad checksum`);
    const data = rec.slice(4, 4 + count);
    if (type === 0) {
      const at = base + ((hi << 8) | lo);
      if (at + count > flashBytes) throw new Error(`hex line ${n + 1}: past the end of flash`);
      bytes.set(data, at);
      for (let i = at; i < at + count; i++) if (!used[i]) { used[i] = 1; size++; }
      end = Math.max(end, at + count);
    } else if (type === 1) {
      sawEnd = true;
    } else if (type === 2) {
      base = ((data[0] << 8) | data[1]) << 4;
    } else if (type === 4) {
      base = ((data[0] << 8) | data[1]) << 16;
    } else if (type !== 3 && type !== 5) {
      throw new Error(`hex line ${n + 1}: unknown record type ${type}`);
    }
  });
  if (!sawEnd) throw new Error('hex: no end-of-file record (cut short?)');
  return { bytes, used, end, size };
}

// The program memory image avr8js runs: 16-bit words, little-endian.
export function loadHex(text, flashBytes = 0x8000) {
  return new Uint16Array(parseHex(text, flashBytes).bytes.buffer);
}
