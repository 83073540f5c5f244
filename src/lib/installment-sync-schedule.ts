/** Whether a provider's sync is due: `intervalSeconds` have passed since `lastStartedMs`. Pure. */
export function isSyncDue(lastStartedMs: number, nowMs: number, intervalSeconds: number): boolean {
  return nowMs - lastStartedMs >= intervalSeconds * 1000
}
