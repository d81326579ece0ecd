// The one reading of error bodies: fetch calls, uploads and downloads turn a refused answer into the same
// ApiError, with the server's text and fields, or a plain text naming what failed.
import { describe, expect, it } from 'vitest';
import { apiErrorFrom, parseJsonBody } from './api-error';

describe('apiErrorFrom', () => {
  it("keeps the server's error, code and fields", () => {
    const err = apiErrorFrom(400, { error: 'Invalid input', code: 'VALIDATION', fields: { email: 'Taken' } });
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Invalid input' });
    expect(err.fields).toEqual({ email: 'Taken' });
  });

  it('names what failed when the body says nothing', () => {
    expect(apiErrorFrom(502, undefined, 'Upload')).toMatchObject({
      code: 'HTTP_502',
      message: 'Upload failed (502)',
      fields: undefined,
    });
    expect(apiErrorFrom(500, 'plain text').message).toBe('Request failed (500)');
    expect(apiErrorFrom(413, { error: '', code: 7 }, 'Download')).toMatchObject({
      code: 'HTTP_413',
      message: 'Download failed (413)',
    });
  });
});

describe('parseJsonBody', () => {
  it('reads JSON and answers undefined for an empty or malformed body', () => {
    expect(parseJsonBody('{"data":1}')).toEqual({ data: 1 });
    expect(parseJsonBody('')).toBeUndefined();
    expect(parseJsonBody('<html>Bad gateway</html>')).toBeUndefined();
  });
});
