// The error a call throws, for tests that assert its class, pyClass and message; fails when it returns.

export function thrown(f: () => unknown): Error & { pyClass?: string } {
  try {
    f();
  } catch (e) {
    return e as Error & { pyClass?: string };
  }
  throw new Error("did not throw");
}
