import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeStampedFolder } from './stamped-folder';

describe('writeStampedFolder', () => {
  let root: string;
  let out: string;
  const writer = (content: string) => (dir: string) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'app.js'), content);
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'stamped-folder-'));
    out = path.join(root, 'alipay', '1');
    fs.mkdirSync(path.dirname(out), { recursive: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves a folder written with the same key alone, so a reader holding it keeps it', () => {
    expect(writeStampedFolder(out, 'key-a', writer('first'))).toBe(true);
    const held = fs.openSync(path.join(out, 'app.js'), 'r');
    const inode = fs.statSync(out).ino;
    expect(writeStampedFolder(out, 'key-a', writer('second'))).toBe(false);
    expect(fs.statSync(out).ino).toBe(inode);
    expect(fs.readFileSync(path.join(out, 'app.js'), 'utf8')).toBe('first');
    fs.closeSync(held);
  });

  it('rewrites on a new key or when forced, and leaves no half-written folder beside it', () => {
    writeStampedFolder(out, 'key-a', writer('first'));
    expect(writeStampedFolder(out, 'key-b', writer('second'))).toBe(true);
    expect(fs.readFileSync(path.join(out, 'app.js'), 'utf8')).toBe('second');
    expect(writeStampedFolder(out, 'key-b', writer('third'), true)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'app.js'), 'utf8')).toBe('third');
    expect(fs.readdirSync(path.dirname(out)).sort()).toEqual(['1', '1.stamp']);
  });

  it('writes again after a write that failed half-way, and keeps the old folder meanwhile', () => {
    writeStampedFolder(out, 'key-a', writer('first'));
    const failing = (dir: string) => {
      writer('partial')(dir);
      throw new Error('disk full');
    };
    expect(() => writeStampedFolder(out, 'key-b', failing)).toThrow('disk full');
    expect(fs.readFileSync(path.join(out, 'app.js'), 'utf8')).toBe('first');
    // The old folder's key is gone with the failed write, so even its own key rewrites it.
    expect(writeStampedFolder(out, 'key-a', writer('again'))).toBe(true);
    expect(fs.readFileSync(path.join(out, 'app.js'), 'utf8')).toBe('again');
    expect(fs.existsSync(`${out}.next`)).toBe(false);
  });
});
