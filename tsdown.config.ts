import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { "2d/index": "src/2d/index.ts", "3d/index": "src/3d/index.ts" },
  format: "esm",
  platform: "neutral",
  target: "es2022",
  dts: true,
  tsconfig: "tsconfig.build.json",
  clean: true,
  sourcemap: false,
});
