// The one colour lib/ components set themselves (antd's Badge and the initials avatar take it as a prop):
// the background of count badges and initials avatars, white text on it 4.7:1, the same in both modes.
export const NEUTRAL_BADGE_BG = '#8c6d5f';
