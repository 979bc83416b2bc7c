import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('a file size', () => {
  it('is shown in bytes, kilobytes or megabytes with a decimal comma', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(12_800)).toBe('12,5 KB');
    expect(formatFileSize(3_355_443)).toBe('3,2 MB');
  });
});
