import { describe, expect, it } from 'vitest';
import { benchUpload } from '../../../bench/upload-memory.js';

describe('streaming upload', () => {
  it('uploads 200 MB to the sandbox without the process growing by anything near the file size', async () => {
    const result = await benchUpload({ mb: 200 });
    expect(result.target).toBe('sandbox');
    // Measured 30–50 MB of GC lag regardless of file size (50, 200, 400 MB); buffering would add ≥ 200 MB.
    expect(result.peakRssGrowthMb).toBeLessThan(100);
  }, 120_000);
});
