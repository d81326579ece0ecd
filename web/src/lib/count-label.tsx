// A tab's label with its count in a badge ("Published 12"): the tabs of the admin lists, the users page and
// the profile's likes and favourites. The badge colour comes from the theme (white text on it, 4.7:1).
import { Badge } from 'antd';
import { NEUTRAL_BADGE_BG } from './neutral-badge';

export function CountLabel({ text, count }: { text: string; count: number | undefined }) {
  return (
    <span>
      {text} <Badge count={count ?? 0} showZero overflowCount={99999} color={NEUTRAL_BADGE_BG} />
    </span>
  );
}
