import { describe, expect, it } from 'vitest';
import { autoplays, slideAfter, swipeStep } from './carousel-logic';

const idle = { count: 3, playing: true, hovered: false, focused: false, reducedMotion: false };

describe('featured carousel', () => {
  it('wraps at both ends', () => {
    expect(slideAfter(0, 3, 1)).toBe(1);
    expect(slideAfter(2, 3, 1)).toBe(0);
    expect(slideAfter(0, 3, -1)).toBe(2);
  });

  it('moves by itself only when nobody asked it to hold still', () => {
    expect(autoplays(idle)).toBe(true);
    expect(autoplays({ ...idle, count: 1 })).toBe(false);
    expect(autoplays({ ...idle, playing: false })).toBe(false);
    expect(autoplays({ ...idle, hovered: true })).toBe(false);
    expect(autoplays({ ...idle, focused: true })).toBe(false);
    expect(autoplays({ ...idle, reducedMotion: true })).toBe(false);
  });

  it('takes a clear sideways swipe and ignores scrolling and taps', () => {
    expect(swipeStep(-80, 10)).toBe(1);
    expect(swipeStep(80, 10)).toBe(-1);
    expect(swipeStep(-20, 0)).toBe(0);
    expect(swipeStep(-60, 50)).toBe(0);
  });
});
