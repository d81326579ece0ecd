// Data the shell needs: the public config (brand, support e-mail, copyright year, company domains).
import { type PublicConfig, systemEndpoints } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './endpoint-client';

/** Shown until the public config answers, so the footer and titles never render empty. */
const DEFAULT_CONFIG: PublicConfig = {
  brandName: 'Hearth',
  supportEmail: 'support@example.com',
  copyrightYear: 2020,
  companyEmailDomains: [],
};

export const configQuery = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: () => call(systemEndpoints.getPublicConfig),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useConfigQuery() {
  return useQuery(configQuery());
}

export function useConfig(): PublicConfig {
  return useConfigQuery().data ?? DEFAULT_CONFIG;
}
