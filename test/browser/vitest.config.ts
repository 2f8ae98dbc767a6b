import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The playground's browser tests, run by `npm run test:browser` after `vite build` of playground/.
// The main vitest.config.ts excludes test/browser.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["test/browser/serve.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: ["default"],
  },
});
