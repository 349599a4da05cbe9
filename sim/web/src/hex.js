// Intel HEX (as avr-objcopy writes firmware.hex) into the program memory
// image avr8js runs: 16-bit words, little-endian. Throws on a bad line.
export function loadHex(text, flashBytes = 0x8000) {
  const bytes = new Uint8Array(flashBytes);
  let base = 0;
  let sawEnd = false;
  text.split(/\r?\n/).forEach((line, n) => {
    line = line.trim();
    if (!line) return;
    if (line[0] !== ':' || line.length < 11 || line.length % 2 === 0)
      throw new Error(`hex line ${n + 1}: not an Intel HEX record`);
    const rec = [];
    for (let i = 1; i < line.length; i += 2) rec.push(parseInt(line.substr(i, 2), 16));
    if (rec.some(Number.isNaN)) throw new Error(`hex line ${n + 1}: not hexadecimal`);
    const [count, hi, lo, type] = rec;
    if (rec.length !== count + 5) throw new Error(`hex line ${n + 1}: length does not match its count`);
    if (rec.reduce((a, b) => a + b, 0) & 0xff) throw new Error(`hex line ${n + 1}: bad checksum`);
    const data = rec.slice(4, 4 + count);
    if (type === 0) {
      const at = base + ((hi << 8) | lo);
      if (at + count > flashBytes) throw new Error(`hex line ${n + 1}: past the end of flash`);
      bytes.set(data, at);
    } else if (type === 1) {
      sawEnd = true;
    } else if (type === 2) {
      base = ((data[0] << 8) | data[1]) << 4;
    } else if (type === 4) {
      base = ((data[0] << 8) | data[1]) << 16;
    }
  });
  if (!sawEnd) throw new Error('hex: no end-of-file record (cut short?)');
  return new Uint16Array(bytes.buffer);
}
