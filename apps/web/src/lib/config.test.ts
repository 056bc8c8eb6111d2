import { describe, expect, it, vi } from 'vitest';
import { loadSystemConfig, mergeSystemConfig } from './config';

describe('system configuration file (spec 3, 4)', () => {
  it('key selects a sub-object merged over the top level', () => {
    const cfg = mergeSystemConfig({ key: 'oil', projectName: 'A', isPlatformModel: true, oil: { projectName: 'B', isPlatformModel: false } });
    expect(cfg.projectName).toBe('B');
    expect(cfg.isPlatformModel).toBe(false);
  });
  it('missing fields take the defaults', () => {
    expect(mergeSystemConfig({}).tokenStorage).toBe('session');
  });
  it('is fetched with a timestamp query against caching (fetch is faked: no server runs here)', async () => {
    const fake = vi.fn(async () => new Response(JSON.stringify({ projectName: 'X' }), { headers: { 'content-type': 'application/json' } }));
    const { config } = await loadSystemConfig(fake as unknown as typeof fetch);
    expect(config.projectName).toBe('X');
    expect(String((fake.mock.calls[0] as unknown[])[0])).toMatch(/^\/static\/config\.json\?t=\d+$/);
  });
  it('a failed load names the file', async () => {
    const fake = vi.fn(async () => new Response('nope', { status: 404 }));
    const { error } = await loadSystemConfig(fake as unknown as typeof fetch);
    expect(error).toBe('/static/config.json');
  });
});
