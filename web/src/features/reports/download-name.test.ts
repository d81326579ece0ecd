import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '../../lib/download';

describe('filenameFromDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(filenameFromDisposition('attachment; filename="user-activity-report-20260101-101010.csv"')).toBe(
      'user-activity-report-20260101-101010.csv',
    );
    expect(filenameFromDisposition('attachment; filename=a.csv')).toBe('a.csv');
    expect(
      filenameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`),
    ).toBe('résumé.csv');
  });
  it('answers undefined without a name', () => {
    expect(filenameFromDisposition(null)).toBeUndefined();
    expect(filenameFromDisposition('attachment')).toBeUndefined();
  });
});
