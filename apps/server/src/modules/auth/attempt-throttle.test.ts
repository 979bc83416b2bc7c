import { describe, expect, it } from 'vitest';
import { AttemptThrottle } from './attempt-throttle.ts';

describe('AttemptThrottle', () => {
  function setup() {
    let now = 0;
    const throttle = new AttemptThrottle(3, 60_000, () => now);
    return { throttle, advance: (ms: number) => (now += ms) };
  }

  it('blocks an e-mail after the limit, in any letter case, until the window passes', () => {
    const { throttle, advance } = setup();
    for (let attempt = 0; attempt < 3; attempt++) throttle.record('Ana@Empresa.cl', '10.0.0.1');
    expect(throttle.isBlocked('ana@empresa.cl', '10.0.0.2')).toBe(true);
    advance(60_001);
    expect(throttle.isBlocked('ana@empresa.cl', '10.0.0.2')).toBe(false);
  });

  it('blocks one address trying many e-mails at four times the per-e-mail limit', () => {
    const { throttle } = setup();
    for (let attempt = 0; attempt < 11; attempt++) throttle.record(`u${attempt}@empresa.cl`, '10.0.0.9');
    expect(throttle.isBlocked('nuevo@empresa.cl', '10.0.0.9')).toBe(false);
    throttle.record('u11@empresa.cl', '10.0.0.9');
    expect(throttle.isBlocked('nuevo@empresa.cl', '10.0.0.9')).toBe(true);
    expect(throttle.isBlocked('nuevo@empresa.cl', '10.0.0.10')).toBe(false);
  });

  it('forgets an e-mail on reset', () => {
    const { throttle } = setup();
    for (let attempt = 0; attempt < 3; attempt++) throttle.record('ana@empresa.cl', '10.0.0.1');
    throttle.reset('ana@empresa.cl');
    expect(throttle.isBlocked('ana@empresa.cl', '10.0.0.3')).toBe(false);
  });
});
