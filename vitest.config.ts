import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The browser tests have their own config (npm run test:browser).
    exclude: [...configDefaults.exclude, "test/browser/**"],
    testTimeout: 600_000,
    // Vitest leaves one of two cores idle by default; the files are independent processes.
    maxWorkers: 2,
    minWorkers: 2,
    reporters: ["default"],
  },
});
