import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkedText } from './marked-text';

const render = (text: string, marks: [number, number][]) =>
  renderToStaticMarkup(createElement(MarkedText, { snippet: { text, marks } }));

describe('MarkedText', () => {
  it('marks the ranges and escapes the text', () => {
    expect(render('a <b>pumpkin</b> pie', [[5, 12]])).toBe(
      '<span>a &lt;b&gt;<mark>pumpkin</mark>&lt;/b&gt; pie</span>',
    );
  });

  it('skips overlapping or empty ranges', () => {
    expect(
      render('abcdef', [
        [0, 2],
        [1, 3],
        [4, 4],
        [4, 6],
      ]),
    ).toBe('<span><mark>ab</mark>cd<mark>ef</mark></span>');
  });
});
