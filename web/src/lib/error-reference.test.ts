// The reference under an error message: the failed request's id, shown whenever the error carries one, so a
// user's report can be found in the server's log; nothing when it has none.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom } from './api-error';
import { ErrorReference } from './error-reference';
import { LoadError } from './query-states';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('ErrorReference', () => {
  it('shows "Reference: <id>" with the id in a selectable span, and nothing without an id', () => {
    const html = renderToStaticMarkup(createElement(ErrorReference, { id: 'abc-123' }));
    expect(text(html)).toBe('Reference: abc-123');
    expect(html).toContain('<span class="error-reference-id">abc-123</span>');
    expect(renderToStaticMarkup(createElement(ErrorReference, { id: undefined }))).toBe('');
  });
});

describe('LoadError', () => {
  it('shows the reference of a server error under its message', () => {
    const error = apiErrorFrom(500, { error: 'Something went wrong', code: 'internal', requestId: 'r-500' });
    const shown = text(renderToStaticMarkup(createElement(LoadError, { error })));
    expect(shown).toContain('Something went wrong');
    expect(shown).toContain('Reference: r-500');
  });

  it('shows no reference for a failure that never reached the server', () => {
    const error = new ApiError(0, 'NETWORK', 'Could not reach the server.');
    const shown = text(renderToStaticMarkup(createElement(LoadError, { error })));
    expect(shown).toContain('Could not reach the server.');
    expect(shown).not.toContain('Reference');
  });
});
