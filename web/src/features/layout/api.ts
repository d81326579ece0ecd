// Data the shell needs: the public config (brand, support e-mail, copyright year, company domains).
import type { PublicConfig } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Shown until /v1/config answers, so the footer and titles never render empty. */
const DEFAULT_CONFIG: PublicConfig = {
  brandName: 'Hearth',
  supportEmail: 'support@example.com',
  copyrightYear: 2020,
  companyEmailDomains: [],
};

export const configQueryKey = ['config'] as const;

export function useConfigQuery() {
  return useQuery({
    queryKey: configQueryKey,
    queryFn: () => api.get<PublicConfig>('/v1/config', undefined, { auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfig(): PublicConfig {
  return useConfigQuery().data ?? DEFAULT_CONFIG;
}
