// Data the shell needs: the public config (brand, support e-mail, copyright year, company domains). The
// server writes it into the page (a JSON data block, server/src/features/system/public-config.ts), so a
// first visit has it at once; GET /v1/config is asked only when the page came without it (the offline
// shell, the development server).
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

/** The settings the server wrote into the page, or undefined when it did not (or wrote something else). */
export function inlineConfig(): PublicConfig | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('hearth-config')?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<PublicConfig>;
    return typeof value.brandName === 'string' &&
      typeof value.supportEmail === 'string' &&
      typeof value.copyrightYear === 'number' &&
      Array.isArray(value.companyEmailDomains)
      ? (value as PublicConfig)
      : undefined;
  } catch {
    return undefined;
  }
}

export const configQuery = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: () => call(systemEndpoints.getPublicConfig),
    initialData: inlineConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useConfigQuery() {
  return useQuery(configQuery());
}

export function useConfig(): PublicConfig {
  return useConfigQuery().data ?? DEFAULT_CONFIG;
}
