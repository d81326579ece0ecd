// Logging out (product.md section 7, Auth): the top bar's and the phone's account menu's. Apart from the
// other auth calls (api.ts) because it needs the push code, which the login page does not load.
import { authEndpoints } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setLoggingOut } from '../../lib/api';
import { call } from '../../lib/endpoint-client';
import { disablePush } from '../../lib/push';
import { clearSession, currentProfile } from '../../lib/session';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const profile = currentProfile();
      if (!profile) return undefined;
      setLoggingOut(true);
      // While the token is still valid: the browser stops receiving this user's pushes (never throws).
      await disablePush();
      // Best effort: the session ends in this browser even when the server cannot be told.
      return call(
        authEndpoints.logout,
        { body: { refreshToken: profile.refreshToken } },
        { headers: { Authorization: `Bearer ${profile.accessToken}` } },
      ).catch(() => undefined);
    },
    onSettled: (answer) => {
      // Signed in through the company's provider: end its session too; it comes back to /login (issue 19).
      // Logging out stays set: this page is left, and nothing else may send the browser elsewhere.
      if (answer?.endSessionUrl) {
        clearSession();
        queryClient.clear();
        window.location.assign(answer.endSessionUrl);
        return;
      }
      navigate('/login', { replace: true });
      clearSession();
      queryClient.clear();
      setLoggingOut(false);
    },
  });
}
