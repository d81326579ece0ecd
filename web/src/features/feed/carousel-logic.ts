// The featured carousel's rules (issue 14): which slide comes next, when it may move by itself, and when a
// swipe counts.

/** The slide `step` places away, wrapping at both ends. */
export function slideAfter(current: number, count: number, step: 1 | -1): number {
  return (current + step + count) % count;
}

/**
 * It moves by itself only when there is somewhere to go, the reader has not paused it, is not pointing at
 * it or working inside it, and has not asked the system for less motion (WCAG 2.2.2, 2.3.3).
 */
export function autoplays(s: {
  count: number;
  playing: boolean;
  hovered: boolean;
  focused: boolean;
  reducedMotion: boolean;
}): boolean {
  return s.count > 1 && s.playing && !s.hovered && !s.focused && !s.reducedMotion;
}

/** A horizontal swipe of at least 40 px, clearly more sideways than up or down: -1 back, 1 on, 0 none. */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < 40 || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}
