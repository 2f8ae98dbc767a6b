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

/** One measured outcome of one query, as the allocation probes print it. */
export interface Measured {
  name: string;
  outcome: string;
  bytes: number;
}

/**
 * The probe's rows, with any row at 1 B or more measured again in up to three more fresh
 * processes and given its lowest figure; the rows that needed it are printed. V8's compile order
 * varies with the machine's load (its optimising compiler runs on another thread): a fresh process
 * has now and then left one double boxed (16 B) in rows that measure 0 otherwise, and the 3D
 * overlapping-hull sweeps measured 16 to 336 B a call in about 1 process of 7 on a loaded
 * machine (a helper reached rarely, left out of line and not yet optimised, boxes its doubles).
 * Garbage in every process still fails.
 */
export async function runAllocationProbe<T extends Measured>(
  script: string,
  args: string[],
): Promise<T[]> {
  const rows = await runProbe<T[]>(script, args);
  for (let again = 0; again < 3 && rows.some((r) => r.bytes >= 1); again++) {
    const next = await runProbe<T[]>(script, args);
    for (const r of rows) {
      if (r.bytes < 1) continue;
      const s = next.find((x) => x.name === r.name && x.outcome === r.outcome);
      console.warn(
        `${r.name} ${r.outcome}: ${r.bytes} B per call, then ${s?.bytes} B in a fresh process`,
      );
      if (s !== undefined && s.bytes < r.bytes) r.bytes = s.bytes;
    }
  }
  return rows;
}
