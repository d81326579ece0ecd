// The open tab of a page, kept in the address (`?tab=`): Back from a post returns to the same tab, and a link
// can open one. Read from the address rather than copied into state, so Back and Forward move the tab too.
// The default tab leaves the address clean.
import { useSearchParams } from 'react-router';

export function useUrlTab(keys: readonly string[], defaultKey: string): [string, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('tab');
  const active = fromUrl !== null && keys.includes(fromUrl) ? fromUrl : defaultKey;
  const open = (key: string) => setParams(key === defaultKey ? {} : { tab: key }, { replace: true });
  return [active, open];
}
