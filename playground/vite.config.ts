import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The playground page: plain TypeScript and canvas 2D, importing collide straight from ../src.
// `npm start` builds it into playground/dist and serves that with `vite preview`.
const root = fileURLToPath(new URL(".", import.meta.url));
const repo = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  base: "./",
  clearScreen: false,
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", reportCompressedSize: false },
  server: { fs: { allow: [repo] } },
  preview: { host: "localhost" },
});
