import { describe, expect, it } from 'vitest';
import { cardClickOpens } from './card-click';

const plain = { onControl: false, selectedText: '', button: 0, modified: false };

describe('a click on a news card', () => {
  it('opens the post from the card body', () => {
    expect(cardClickOpens(plain)).toBe(true);
  });

  it('leaves the like, favourite and menu buttons and the links their own meaning', () => {
    expect(cardClickOpens({ ...plain, onControl: true })).toBe(false);
  });

  it('does not open while the reader selects text, nor on other buttons or with a modifier', () => {
    expect(cardClickOpens({ ...plain, selectedText: 'quarter' })).toBe(false);
    expect(cardClickOpens({ ...plain, selectedText: '  ' })).toBe(true);
    expect(cardClickOpens({ ...plain, button: 1 })).toBe(false);
    expect(cardClickOpens({ ...plain, modified: true })).toBe(false);
  });
});
