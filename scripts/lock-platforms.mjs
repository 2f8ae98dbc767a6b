// Adds package-lock entries for the other platforms' optional binaries (biome, esbuild, rollup,
// rolldown ship one package per OS/CPU). The registry mirror this project is developed against
// answers 404 for non-Linux ones, so `npm install` leaves them out of the lock, and `npm ci` then
// refuses the lock as out of sync. Each stub carries the os/cpu/libc that npm uses to skip it.
// Run after `npm install` changes package-lock.json: node scripts/lock-platforms.mjs
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;

/** The os, cpu and libc a platform package's name asks for. */
function platformOf(name) {
  const id = name.split("/").pop();
  const os = [
    "android",
    "darwin",
    "freebsd",
    "linux",
    "netbsd",
    "openbsd",
    "sunos",
    "win32",
    "aix",
    "openharmony",
    "cygwin",
  ].find((o) => id.includes(o));
  const cpu = [
    "arm64",
    "x64",
    "ia32",
    "arm",
    "loong64",
    "mips64el",
    "ppc64",
    "riscv64",
    "s390x",
    "wasm32",
  ].find((c) =>
    new RegExp(`(^|-)${c}($|-)`).test(id.replace("x86_64", "x64").replace("aarch64", "arm64")),
  );
  const libc = id.includes("musl") ? ["musl"] : id.includes("gnu") ? ["glibc"] : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `${key ? `${key}/` : ""}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (packages[where] || packages[top]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue;
    packages[top] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(os ? { os: [os] } : {}),
      ...(libc ? { libc } : {}),
    };
    added++;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: added ${added} platform stubs`);
