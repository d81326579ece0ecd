// The open tab of a page, kept in the address (`?tab=`): Back from a post returns to the same tab, and a link
// can open one. Read from the address rather than copied into state, so Back and Forward move the tab too.
// The default tab leaves the address clean.
import { useSearchParams } from 'react-router';

/** The open tab as the address `params` names it (also read by route loaders, before the page renders). */
export function urlTab(params: URLSearchParams, keys: readonly string[], defaultKey: string): string {
  const fromUrl = params.get('tab');
  return fromUrl !== null && keys.includes(fromUrl) ? fromUrl : defaultKey;
}

export function useUrlTab(keys: readonly string[], defaultKey: string): [string, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const active = urlTab(params, keys, defaultKey);
  const open = (key: string) => setParams(key === defaultKey ? {} : { tab: key }, { replace: true });
  return [active, open];
}
