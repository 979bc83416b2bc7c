import { describe, expect, it } from 'vitest';
import { activityFilterOf, businessActivityPath, withActivityFilter } from './activity-params';

describe('activity filters in the address', () => {
  it('reads every filter an address names', () => {
    const params = new URLSearchParams('usuario=3&empresa=12&tipo=credential&desde=2026-11-01&hasta=24-11-2026');
    expect(activityFilterOf(params)).toEqual({
      userId: 3,
      businessId: 12,
      kind: 'credential',
      from: '2026-11-01',
      to: '2026-11-24',
    });
  });

  it('reads a malformed value as no filter', () => {
    const params = new URLSearchParams('usuario=abc&empresa=0&tipo=nope&desde=31-02-2026&hasta=');
    expect(activityFilterOf(params)).toEqual({ userId: null, businessId: null, kind: null, from: null, to: null });
  });

  it('sets and removes one filter, keeping the others', () => {
    const params = new URLSearchParams('empresa=12');
    const withKind = withActivityFilter(params, 'kind', 'company');
    expect(withKind.toString()).toBe('empresa=12&tipo=company');
    expect(withActivityFilter(withKind, 'businessId', null).toString()).toBe('tipo=company');
    expect(params.toString()).toBe('empresa=12');
  });

  it('links to the log of one company', () => {
    expect(businessActivityPath(12)).toBe('/actividad?empresa=12');
  });
});
