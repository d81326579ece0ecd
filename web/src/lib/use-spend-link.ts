// The pages a mailed link opens (verify e-mail, confirm an e-mail change) send its token once.
import { useEffect, useRef } from 'react';

/** Calls `spend(token)` once per page: tokens are single use, and React mounts twice in development. */
export function useSpendLink(token: string, spend: (token: string) => void): void {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    spend(token);
  }, [token, spend]);
}
