/**
 * Checks what `npm pack` would publish: the built dist with its types, the README (npm always
 * ships README files, so the Japanese README.ja.md goes too) and the LICENSE, and nothing else
 * (package.json always ships). Run after `npm run build`.
 */
import { execFileSync } from "node:child_process";

const json = execFileSync("npm", ["pack", "--dry-run", "--json"], { encoding: "utf8" });
const files: string[] = JSON.parse(json)[0].files.map((f: { path: string }) => f.path);
const allowed = (path: string): boolean =>
  path === "package.json" ||
  path === "README.md" ||
  path === "README.ja.md" ||
  path === "LICENSE" ||
  /^dist\/.+\.(js|d\.ts)$/.test(path);
const required = [
  "README.md",
  "LICENSE",
  "dist/2d/index.js",
  "dist/2d/index.d.ts",
  "dist/3d/index.js",
  "dist/3d/index.d.ts",
];

const unexpected = files.filter((f) => !allowed(f));
const missing = required.filter((f) => !files.includes(f));
console.log(`npm pack --dry-run: ${files.length} files\n  ${files.join("\n  ")}`);
if (unexpected.length > 0 || missing.length > 0) {
  if (unexpected.length > 0) console.error(`unexpected in the tarball: ${unexpected.join(", ")}`);
  if (missing.length > 0) console.error(`missing from the tarball: ${missing.join(", ")}`);
  process.exit(1);
}
console.log("pack check: ok");
