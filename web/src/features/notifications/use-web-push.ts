// The bell's web push (staff only, while logged in: the bell exists only then): on mount, registers the
// service worker and renews the subscription when permission was already granted; `enable` asks for
// permission, from the panel's button.
import { useCallback, useEffect, useState } from 'react';
import { enablePush, type PushState, pushState } from '../../lib/push';

export function useWebPush() {
  const [state, setState] = useState<PushState>(() => pushState());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    if (pushState() !== 'unsupported' && pushState() !== 'denied')
      void enablePush(false).then((s) => {
        if (live) setState(s);
      });
    return () => {
      live = false;
    };
  }, []);
  const enable = useCallback(async () => {
    setBusy(true);
    setState(await enablePush(true));
    setBusy(false);
  }, []);
  return { state, busy, enable };
}
