// product.md section 9: the mobile layout starts at max-width 599px.
import { LIMITS } from '@hearth/contract';
import { useMediaQuery } from './use-media-query';

const QUERY = `(max-width: ${LIMITS.mobileMaxWidth}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(QUERY);
}
