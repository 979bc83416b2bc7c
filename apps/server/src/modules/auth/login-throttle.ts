/**
 * Counts failed sign-ins per e-mail and per client address within a sliding window; past the limit
 * the login answers 429 until the window passes (DESIGN.md §3). Kept in memory: with several API
 * instances each one throttles on its own, which still bounds guessing.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  private keys(email: string, ip: string) {
    // One address may try several accounts, so it gets a wider allowance than one e-mail.
    return [
      { key: `email:${email.toLowerCase()}`, limit: this.maxFailures },
      { key: `ip:${ip}`, limit: this.maxFailures * 4 },
    ];
  }

  isBlocked(email: string, ip: string): boolean {
    return this.keys(email, ip).some(({ key, limit }) => this.recent(key).length >= limit);
  }

  recordFailure(email: string, ip: string) {
    for (const { key } of this.keys(email, ip)) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  recordSuccess(email: string) {
    this.failures.delete(`email:${email.toLowerCase()}`);
  }
}
