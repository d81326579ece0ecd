// The one reading of error bodies: fetch calls, uploads and downloads turn a refused answer into the same
// ApiError, with the server's text and fields, or a plain text naming what failed.
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, parseJsonBody, requestIdOf } from './api-error';

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

describe('the request id of an error', () => {
  const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it("takes the body's requestId, else the X-Request-Id header", () => {
    const fromBody = apiErrorFrom(
      500,
      { error: 'Oops', code: 'internal', requestId: uuid },
      'Request',
      'other',
    );
    expect(fromBody.requestId).toBe(uuid);
    expect(requestIdOf(fromBody)).toBe(uuid);
    expect(
      apiErrorFrom(503, { error: 'Not ready', code: 'not_ready' }, 'Request', 'proxy-1.2_A').requestId,
    ).toBe('proxy-1.2_A');
    expect(apiErrorFrom(502, undefined, 'Upload', uuid).requestId).toBe(uuid);
  });

  it('keeps none that is missing or malformed', () => {
    expect(apiErrorFrom(500, { error: 'Oops' }).requestId).toBeUndefined();
    expect(apiErrorFrom(500, { requestId: 42 }, 'Request', null).requestId).toBeUndefined();
    expect(apiErrorFrom(500, { requestId: '<b>x</b>' }, 'Request', 'a b').requestId).toBeUndefined();
    expect(apiErrorFrom(500, {}, 'Request', 'x'.repeat(129)).requestId).toBeUndefined();
    expect(requestIdOf(new ApiError(0, 'NETWORK', 'Could not reach the server.'))).toBeUndefined();
    expect(requestIdOf(new Error('boom'))).toBeUndefined();
    expect(requestIdOf(undefined)).toBeUndefined();
  });
});

describe('parseJsonBody', () => {
  it('reads JSON and answers undefined for an empty or malformed body', () => {
    expect(parseJsonBody('{"data":1}')).toEqual({ data: 1 });
    expect(parseJsonBody('')).toBeUndefined();
    expect(parseJsonBody('<html>Bad gateway</html>')).toBeUndefined();
  });
});
