/**
 * A virtual wall clock for the client's timing rules (the request budget, token lifetimes): only
 * Date is faked, so Date.now() moves only when the test moves it, while sockets, attempt timeouts
 * and back-offs keep running on real timers. What a test asserts then follows from the rules, not
 * from how busy the machine is. Build the client (or the budget) after `useVirtualDate()`: they
 * read Date.now when constructed.
 */
export function useVirtualDate(): void {
  jest.useFakeTimers({
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  })
}

/** Moves the virtual clock on by `ms`. */
export function advanceVirtualDate(ms: number): void {
  jest.setSystemTime(Date.now() + ms)
}
