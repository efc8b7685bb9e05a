import { describe, expect, it } from 'vitest';
import { fileSize } from '../../../shared/file-size.js';
import { summarizeIntent } from '../../../main/ipc/bridges/entry-summary.js';

describe('a file size in words', () => {
  it('says a small file in exact bytes, never "1 KB"', () => {
    expect(fileSize(8)).toBe('8 bytes');
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(0)).toBe('0 bytes');
    expect(fileSize(1023)).toBe('1023 bytes');
  });

  it('goes up through KB, MB and GB, with a decimal under 10', () => {
    expect(fileSize(1024)).toBe('1 KB');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(200 * 1024)).toBe('200 KB');
    expect(fileSize(1024 * 1024 - 100)).toBe('1 MB');
    expect(fileSize(1.4 * 1024 * 1024)).toBe('1.4 MB');
    expect(fileSize(2 * 1024 * 1024 * 1024)).toBe('2 GB');
  });

  it('is the size the Outbox names an upload by', () => {
    const line = summarizeIntent({
      type: 'file-upload',
      fileName: 'notes.txt',
      size: 8,
      sha256: 'a'.repeat(64),
      stagedPath: '/tmp/x',
      isGlobal: false,
      fileSource: 'upload',
    });
    expect(line).toBe('Upload notes.txt (8 bytes)');
  });
});
