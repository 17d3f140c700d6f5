import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSuccessBanner } from './use-success-banner.js';

/** Router state that carries a success message to the next screen ('Episode deleted successfully' → dashboard). */
export interface NavigationMessageState {
  successMessage: string;
}

export function withSuccessMessage(successMessage: string): { state: NavigationMessageState } {
  return { state: { successMessage } };
}

function messageOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('successMessage' in state)) return null;
  const { successMessage } = state;
  return typeof successMessage === 'string' && successMessage ? successMessage : null;
}

/**
 * The success message the previous screen navigated here with, shown for SUCCESS_BANNER_MS. It is taken out of the
 * history entry at once, so a reload or Back does not show it again.
 */
export function useNavigationMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const banner = useSuccessBanner();
  const arrived = messageOf(location.state);
  const { show } = banner;

  useEffect(() => {
    if (!arrived) return;
    show(arrived);
    const { successMessage: _taken, ...rest } = location.state as NavigationMessageState &
      Record<string, unknown>;
    void navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: Object.keys(rest).length ? rest : null,
    });
  }, [arrived, show, navigate, location.pathname, location.search, location.state]);

  return banner;
}
