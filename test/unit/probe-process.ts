/**
 * Runs a measuring script in a plain Node process (`node --import tsx`, native ES modules, as a
 * game loads the library) and parses the JSON it prints last. Asynchronous, so the vitest worker
 * keeps answering its RPC while the child runs.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function runProbe<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", script, ...args],
      { cwd: ROOT, maxBuffer: 1 << 26, timeout: 15 * 60_000 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`${script} ${args.join(" ")} failed: ${error.message}\n${stderr}`));
          return;
        }
        const lines = stdout.trim().split("\n");
        resolve(JSON.parse(lines[lines.length - 1]!) as T);
      },
    );
  });
}
