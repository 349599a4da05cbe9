// One value kept as JSON under one key of the browser's storage (or any
// object with getItem/setItem): read() gives `fallback` for nothing kept,
// junk or a storage that throws; write() says whether it was kept (storage
// full or blocked: false). Records, the puzzle rating and your own puzzles
// each keep theirs through one of these.
export class StoredJson {
  constructor(storage, key) {
    this.storage = storage;
    this.key = key;
  }

  read(fallback) {
    try {
      const v = JSON.parse(this.storage.getItem(this.key) || 'null');
      return v === null ? fallback : v;
    } catch {
      return fallback;
    }
  }

  write(value) {
    try {
      this.storage.setItem(this.key, JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  }
}
