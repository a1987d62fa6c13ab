import { defineConfig } from "vitest/config";

export default defineConfig({
  // `response-template/...` imports resolve to the packages' TypeScript sources (their "rtc-source" export).
  resolve: { conditions: ["rtc-source"] },
  ssr: { resolve: { conditions: ["rtc-source"] } },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    pool: "forks",
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
