/**
 * Counts attempts per e-mail and per client address within a sliding window; past the limit the
 * caller is refused until the window passes (DESIGN.md §3). Used for failed sign-ins (429) and for
 * recovery mails (silently not sent). Kept in memory: with several API instances each one
 * throttles on its own, which still bounds guessing and mail flooding.
 */
export class AttemptThrottle {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly maxPerEmail: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.attempts.get(key) ?? []).filter((time) => time > since);
    if (kept.length) this.attempts.set(key, kept);
    else this.attempts.delete(key);
    return kept;
  }

  private keys(email: string, ip: string) {
    // One address may try several accounts, so it gets a wider allowance than one e-mail.
    return [
      { key: `email:${email.toLowerCase()}`, limit: this.maxPerEmail },
      { key: `ip:${ip}`, limit: this.maxPerEmail * 4 },
    ];
  }

  isBlocked(email: string, ip: string): boolean {
    return this.keys(email, ip).some(({ key, limit }) => this.recent(key).length >= limit);
  }

  record(email: string, ip: string) {
    for (const { key } of this.keys(email, ip)) this.attempts.set(key, [...this.recent(key), this.now()]);
  }

  /** Forgets the e-mail's attempts (a successful sign-in). */
  reset(email: string) {
    this.attempts.delete(`email:${email.toLowerCase()}`);
  }
}
