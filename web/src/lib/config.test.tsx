// @vitest-environment happy-dom
// The public settings (issue 33): read from the data block the server writes into the page, so the shell
// asks nothing before it paints; asked of GET /v1/config only when the page came without a good block.
import { systemEndpoints } from '@hearth/contract';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../test/fetch-mock';
import { AppShell, testQueryClient } from '../test/render';
import { inlineConfig, useConfig } from './config';

const WRITTEN = {
  brandName: 'Acme Group',
  supportEmail: 'help@acme.example',
  copyrightYear: 2026,
  companyEmailDomains: ['acme.example'],
};

function writeBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'hearth-config';
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => document.getElementById('hearth-config')?.remove());

const renderConfig = () => {
  const client = testQueryClient();
  return renderHook(() => useConfig(), {
    wrapper: ({ children }) => <AppShell client={client}>{children}</AppShell>,
  });
};

describe('public config', () => {
  it('comes from the page when the server wrote it, with no request', async () => {
    const api = mockApi();
    writeBlock(JSON.stringify(WRITTEN));
    const { result } = renderConfig();
    expect(result.current).toEqual(WRITTEN);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.sent(systemEndpoints.getPublicConfig)).toHaveLength(0);
  });

  it('is asked of the API when the page has no block, or one that is not the settings', async () => {
    expect(inlineConfig()).toBeUndefined();
    writeBlock('{"brandName": 3}');
    expect(inlineConfig()).toBeUndefined();
    document.getElementById('hearth-config')?.remove();
    writeBlock('not json');
    expect(inlineConfig()).toBeUndefined();
    const api = mockApi().on(systemEndpoints.getPublicConfig, ok(WRITTEN));
    const { result } = renderConfig();
    await waitFor(() => expect(result.current.brandName).toBe('Acme Group'));
    expect(api.sent(systemEndpoints.getPublicConfig)).toHaveLength(1);
  });
});
