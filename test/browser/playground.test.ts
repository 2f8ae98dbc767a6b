import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { Matrix4, PerspectiveCamera } from "three";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { num, pair } from "../../playground/src/format.ts";
import { noisySphere, RAY_MESH_CASES } from "../../playground/src/samples/noisy-sphere.ts";
import { WORLD_SEED, WorldScene } from "../../playground/src/samples/world-scene.ts";
import * as c2 from "../../src/2d/index.ts";
import * as c3 from "../../src/3d/index.ts";

/*
 * The playground in Debian's chromium, driven by real mouse drags: every sample is dragged to known
 * world positions, and what the page shows must equal what collide returns in Node for those
 * positions. Then every one-click case (preset) is replayed: the library calls the page made are
 * run again here with the same arguments and must give the same results. No console errors.
 * Run by `npm run test:browser`; the main `vitest run` excludes this folder.
 */

const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const SHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));
const README_SHOT = fileURLToPath(new URL("../../docs/playground.png", import.meta.url));
const ALL_SHOTS = process.env["SCREENSHOT_PRESETS"] === "1";
const PI = Math.PI;

interface XY {
  x: number;
  y: number;
}
interface ViewInfo extends XY {
  scale: number;
  left: number;
  top: number;
  width: number;
  height: number;
}
interface Call {
  module: "2d" | "3d";
  name: string;
  args: unknown[];
  result: unknown;
}
interface PageResult {
  hit: boolean | "error";
  error: string | null;
  code: string;
  fields: Record<string, unknown>;
  calls: Call[];
}
interface Shown {
  hit: string;
  values: Record<string, unknown>;
  texts: Record<string, string>;
  code: string;
}

/** Calls window.playground[name](...args) in the page. */
function api<T>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([n, a]) => {
      const pg = (globalThis as unknown as { playground: Record<string, unknown> }).playground;
      const v = pg[n];
      return typeof v === "function" ? v(...a) : v;
    },
    [name, args] as [string, unknown[]],
  ) as Promise<T>;
}

/** The documented transform: world (x, y) to page pixels, from playground.view(). */
function toPage(v: ViewInfo, p: XY): XY {
  return {
    x: v.left + v.width / 2 + (p.x - v.x) * v.scale,
    y: v.top + v.height / 2 - (p.y - v.y) * v.scale,
  };
}

/** Drags handle `id` with the mouse to the world point `to` and checks it landed exactly there. */
async function drag(page: Page, id: string, to: XY): Promise<void> {
  const v = await api<ViewInfo>(page, "view");
  const h = (await api<Record<string, XY>>(page, "handles"))[id]!;
  const a = toPage(v, h);
  const b = toPage(v, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
  const now = (await api<Record<string, XY>>(page, "handles"))[id]!;
  expect(now, `handle ${id}`).toEqual(to);
}

/** Turns knob `id` (pivot `pivot`) with the mouse toward `angle`; snapping makes it exact. */
async function turn(page: Page, id: string, pivot: string, angle: number): Promise<void> {
  const v = await api<ViewInfo>(page, "view");
  const hs = await api<Record<string, XY>>(page, "handles");
  const p = hs[pivot]!;
  const a = toPage(v, hs[id]!);
  const b = toPage(v, { x: p.x + 1.75 * Math.cos(angle), y: p.y + 1.75 * Math.sin(angle) });
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
  expect((await api<Record<string, number>>(page, "angles"))[id]).toBe(angle);
}

/** What the panel shows: the verdict, each field's data-value (parsed) and text, the code line. */
async function shown(page: Page): Promise<Shown> {
  const hit = (await page.getAttribute('[data-testid="hit"]', "data-hit")) ?? "";
  const cells = await page
    .locator("#fields td[data-testid]")
    .evaluateAll((tds) =>
      tds.map((td) => [
        td.getAttribute("data-testid") ?? "",
        td.getAttribute("data-value") ?? "null",
        td.textContent ?? "",
      ]),
    );
  const values: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  for (const [id, value, text] of cells as [string, string, string][]) {
    values[id] = JSON.parse(value);
    texts[id] = text;
  }
  const code = (await page.textContent('[data-testid="code"]')) ?? "";
  return { hit, values, texts, code };
}

/** JSON round trip, as data-value stores it (-0 becomes 0). */
function json(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v ?? null));
}

/** Checks the panel against expected field values (numbers also as their full text). */
function expectShown(s: Shown, hit: boolean, fields: Record<string, unknown>): void {
  expect(s.hit).toBe(String(hit));
  for (const [id, value] of Object.entries(fields)) {
    expect(s.values[id], `field ${id}`).toEqual(json(value));
    if (typeof value === "number") expect(s.texts[id], `text of ${id}`).toBe(num(value));
    else if (value && typeof value === "object" && "x" in value && !("z" in value)) {
      expect(s.texts[id], `text of ${id}`).toBe(pair(value as XY));
    } else if (value === null) expect(s.texts[id]).toBe("—");
  }
}

/** Runs the page's library calls again in Node with the same arguments. */
function replay(calls: Call[]): void {
  for (const c of calls) {
    const mod = (c.module === "2d" ? c2 : c3) as unknown as Record<
      string,
      (...a: unknown[]) => unknown
    >;
    const fn = mod[c.name];
    expect(fn, c.name).toBeTypeOf("function");
    expect(fn!(...c.args), `${c.name}(${JSON.stringify(c.args)})`).toEqual(c.result);
  }
}

interface Known {
  hit: boolean | "error";
  fields?: Record<string, unknown>;
  error?: RegExp;
  /** Numbers need only be within 1e-9 (constructions are accurate, not always exact). */
  approx?: boolean;
}

/** Clicks every preset of the open sample; replays its calls; checks the known answers. */
async function checkPresets(page: Page, known: Record<string, Known>): Promise<void> {
  const ids = await api<string[]>(page, "presets");
  for (const k of Object.keys(known)) expect(ids, `preset ${k}`).toContain(k);
  for (const id of ids) {
    await page.click(`[data-testid="preset-${id}"]`);
    const r = await api<PageResult>(page, "result");
    const s = await shown(page);
    expect(s.hit, `verdict of ${id}`).toBe(String(r.hit));
    for (const [f, v] of Object.entries(r.fields))
      expect(s.values[f], `${id}.${f}`).toEqual(json(v));
    replay(r.calls);
    if (ALL_SHOTS)
      await page.screenshot({ path: join(SHOTS, `${await api(page, "sample")}-${id}.png`) });
    const k = known[id];
    if (!k) continue;
    expect(r.hit, `hit of ${id}`).toBe(k.hit);
    if (k.error) expect(r.error ?? "", `error of ${id}`).toMatch(k.error);
    for (const [f, v] of Object.entries(k.fields ?? {})) {
      if (k.approx && typeof v === "number") {
        expect(Math.abs((r.fields[f] as number) - v), `${id}.${f}`).toBeLessThanOrEqual(1e-9);
      } else expect(r.fields[f], `${id}.${f}`).toEqual(v);
    }
  }
}

describe("playground in chromium", () => {
  let context: BrowserContext;
  let profile: string;
  let base: string;
  let errors: string[] = [];

  beforeAll(async () => {
    base = inject("baseURL");
    mkdirSync(SHOTS, { recursive: true });
    profile = mkdtempSync(join(tmpdir(), "collide-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** Opens a fresh page on a sample, collecting console errors. */
  async function open(id: string): Promise<Page> {
    errors = [];
    const page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${base}#${id}`);
    await page.waitForFunction(() => {
      const pg = (globalThis as unknown as { playground?: { ready: boolean } }).playground;
      return pg?.ready === true;
    });
    expect(await api<string>(page, "sample")).toBe(id);
    return page;
  }

  /** Asserts that the page logged no console error and threw nothing, then closes it. */
  async function finish(page: Page): Promise<void> {
    expect(errors, "console errors").toEqual([]);
    await page.close();
  }

  it("lists every sample in the menu, by category", async () => {
    const page = await open("segment-segment");
    const ids = await api<string[]>(page, "samples");
    expect(ids).toEqual([
      "segment-segment",
      "line-ray",
      "triangle-triangle",
      "segment-circle",
      "sphere-line",
      "shapes",
      "sweep",
      "raycast",
      "gjk-epa",
      "world",
      "ray-mesh",
      "frustum-culling",
      "overlap-3d",
    ]);
    await page.click('[data-testid="menu-raycast"]');
    expect(await api<string>(page, "sample")).toBe("raycast");
    expect(page.url()).toMatch(/#raycast$/);
    await finish(page);
  });

  it("segment vs segment: dragged endpoints give the library's t1, t2 and point", async () => {
    const page = await open("segment-segment");
    const P = {
      a1: { x: -3, y: -1 },
      b1: { x: 4, y: 2.5 },
      a2: { x: -2, y: 3 },
      b2: { x: 2.5, y: -2 },
    };
    for (const [id, to] of Object.entries(P)) await drag(page, id, to);
    const s1 = c2.segment(P.a1.x, P.a1.y, P.b1.x, P.b1.y);
    const s2 = c2.segment(P.a2.x, P.a2.y, P.b2.x, P.b2.y);
    const hit = c2.intersectSegmentSegment(s1, s2)!;
    expect(hit).not.toBeNull();
    const s = await shown(page);
    expectShown(s, true, {
      test: true,
      t1: hit.t1,
      t2: hit.t2,
      point: hit.point,
      normal: hit.normal,
      collinear: false,
    });
    expect(s.code).toBe(
      "intersectSegmentSegment(segment(-3, -1, 4, 2.5), segment(-2, 3, 2.5, -2))",
    );
    await page.screenshot({ path: join(SHOTS, "segment-segment.png") });
    await drag(page, "b2", { x: -1, y: 2 });
    expectShown(await shown(page), false, { test: false, t1: null, point: null });
    await checkPresets(page, {
      touching: { hit: true, fields: { t1: 1, t2: 0, point: { x: 1, y: 1.5 } } },
      collinear: { hit: true, fields: { collinear: true, point: { x: 0, y: 0 } } },
      parallel: { hit: false },
      "zero-length": { hit: true, fields: { t2: 0, point: { x: 1, y: 1.5 } } },
      huge: { hit: true, fields: { t1: 0.5, t2: 0.5, point: { x: 1e9, y: 1e9 } } },
      long: { hit: false },
    });
    await finish(page);
  });

  it("line vs ray: dragged line and ray give the library's t and point; the swing runs", async () => {
    const page = await open("line-ray");
    await drag(page, "q", { x: 5, y: 2 });
    await drag(page, "o", { x: -1, y: 4 });
    await drag(page, "d", { x: 0.5, y: 2.5 });
    const hit = c2.intersectLineRay(c2.line(-5, -1, 10, 3), c2.ray(-1, 4, 1.5, -1.5))!;
    expect(hit).not.toBeNull();
    const s = await shown(page);
    expectShown(s, true, {
      test: true,
      t: hit.t,
      point: hit.point,
      normal: hit.normal,
      collinear: false,
    });
    expect(s.code).toBe("intersectLineRay(line(-5, -1, 10, 3), ray(-1, 4, 1.5, -1.5))");
    await page.screenshot({ path: join(SHOTS, "line-ray.png") });
    await page.click('[data-testid="swing"]');
    await page.waitForTimeout(400);
    await page.click('[data-testid="swing"]');
    const swung = await api<PageResult>(page, "result");
    expect((await api<Record<string, XY>>(page, "handles"))["d"]).not.toEqual({ x: 0.5, y: 2.5 });
    replay(swung.calls);
    await checkPresets(page, {
      away: { hit: false },
      parallel: { hit: false },
      collinear: { hit: true, fields: { t: 0, collinear: true, point: { x: 0, y: 0 } } },
      touching: { hit: true, fields: { t: 0, collinear: false } },
      "zero-length": { hit: "error", error: /RangeError.*line\.dir/ },
    });
    await finish(page);
  });

  it("triangle vs triangle: MTV when overlapping, a separating axis when apart", async () => {
    const page = await open("triangle-triangle");
    await drag(page, "a2", { x: -1.5, y: 0.5 });
    await drag(page, "b2", { x: 3.5, y: -1 });
    await drag(page, "c2", { x: 1.5, y: 3 });
    const t1 = c2.triangle(-5, -2, 1, -2, -2, 3);
    const t2 = c2.triangle(-1.5, 0.5, 3.5, -1, 1.5, 3);
    const c = c2.contactTriangleTriangle(t1, t2)!;
    expect(c).not.toBeNull();
    expectShown(await shown(page), true, {
      test: true,
      normal: c.normal,
      depth: c.depth,
      count: c.count,
      point0: c.points[0].point,
      aInB: c.aInB,
      bInA: c.bInA,
      axis: null,
    });
    await page.screenshot({ path: join(SHOTS, "triangle-triangle.png") });
    await drag(page, "a2", { x: 2, y: 1 });
    expect(c2.testTriangleTriangle(t1, c2.triangle(2, 1, 3.5, -1, 1.5, 3))).toBe(false);
    const apart = await shown(page);
    expectShown(apart, false, { test: false, normal: null, depth: null });
    expect(apart.values["axis"]).not.toBeNull();
    await page.screenshot({ path: join(SHOTS, "triangle-triangle-apart.png") });
    await checkPresets(page, {
      apart: { hit: false },
      touching: { hit: true, fields: { depth: 0 } },
      corner: { hit: true, fields: { depth: 0 } },
      inside: { hit: true, fields: { bInA: true } },
      collinear: { hit: true },
      "zero-length": { hit: true },
      huge: { hit: true },
    });
    await finish(page);
  });

  it("segment vs circle: the laser stops where the library says", async () => {
    const page = await open("segment-circle");
    await drag(page, "c", { x: 0.5, y: 0.5 });
    expect((await api<Record<string, XY>>(page, "handles"))["r"]).toEqual({ x: 2.5, y: 0.5 });
    await drag(page, "r", { x: 2, y: 0.5 });
    await drag(page, "a", { x: -5, y: -1 });
    await drag(page, "b", { x: 5, y: 1.5 });
    const hit = c2.intersectSegmentCircle(c2.segment(-5, -1, 5, 1.5), c2.circle(0.5, 0.5, 1.5))!;
    expect(hit).not.toBeNull();
    const s = await shown(page);
    expectShown(s, true, {
      test: true,
      radius: 1.5,
      t: hit.t,
      point: hit.point,
      normal: hit.normal,
    });
    expect(s.code).toBe("intersectSegmentCircle(segment(-5, -1, 5, 1.5), circle(0.5, 0.5, 1.5))");
    await page.screenshot({ path: join(SHOTS, "segment-circle.png") });
    await checkPresets(page, {
      miss: { hit: false },
      touching: { hit: true, fields: { t: 0.5, point: { x: 0, y: 1 } } },
      inside: { hit: true, fields: { t: 0 } },
      "zero-length": { hit: true, fields: { t: 0 } },
      "zero-radius": { hit: true, fields: { t: 0.5 } },
      rounding: { hit: false },
      huge: { hit: true },
    });
    await finish(page);
  });

  it("moving sphere vs line: time of impact, ghost and contact point", async () => {
    const page = await open("sphere-line");
    await drag(page, "s", { x: -3, y: 4 });
    expect((await api<Record<string, XY>>(page, "handles"))["r"]).toEqual({ x: -2, y: 4 });
    await drag(page, "m", { x: 3, y: -2 });
    await drag(page, "q", { x: 6, y: 1 });
    const hit = c3.sweepSphereLine(
      c3.sphere(-3, 4, 0, 1),
      { x: 6, y: -6, z: 0 },
      c3.line(-6, -1, 0, 12, 2, 0),
    )!;
    expect(hit).not.toBeNull();
    const s = await shown(page);
    expectShown(s, true, {
      t: hit.t,
      center: hit.center,
      point: hit.point,
      normal: hit.normal,
      initiallyOverlapping: false,
    });
    expect(s.code).toBe(
      "sweepSphereLine(sphere(-3, 4, 0, 1), { x: 6, y: -6, z: 0 }, line(-6, -1, 0, 12, 2, 0))",
    );
    await page.screenshot({ path: join(SHOTS, "sphere-line.png") });
    await checkPresets(page, {
      miss: { hit: false },
      touching: { hit: true, fields: { t: 1, initiallyOverlapping: false } },
      overlap: { hit: true, fields: { t: 0, initiallyOverlapping: true } },
      collinear: { hit: false },
      "zero-length": { hit: true, fields: { t: 0, initiallyOverlapping: true } },
      huge: { hit: true },
    });
    await finish(page);
  });

  it("shapes: generic test, contact, closestPoints and distance of dragged, turned shapes", async () => {
    const page = await open("shapes");
    await page.selectOption('[data-testid="option-a"]', "box");
    await page.selectOption('[data-testid="option-b"]', "circle");
    await drag(page, "pa", { x: -1, y: 0 });
    await drag(page, "pb", { x: 1, y: 0.5 });
    await turn(page, "ka", "pa", PI / 4);
    const a = c2.box(0, 0, 1.25, 0.75);
    const b = c2.circle(0, 0, 1);
    const pa = { x: -1, y: 0, angle: PI / 4 };
    const pb = { x: 1, y: 0.5, angle: 0 };
    const c = c2.contact(a, b, pa, pb)!;
    const cp = c2.closestPoints(a, b, pa, pb);
    expect(c).not.toBeNull();
    expectShown(await shown(page), true, {
      test: c2.test(a, b, pa, pb),
      distance: c2.distance(a, b, pa, pb),
      pointA: cp.pointA,
      pointB: cp.pointB,
      normal: c.normal,
      depth: c.depth,
      count: c.count,
      point0: c.points[0].point,
      aInB: c.aInB,
      bInA: c.bInA,
    });
    await page.screenshot({ path: join(SHOTS, "shapes.png") });
    await drag(page, "pb", { x: 3.5, y: 1 });
    const pb2 = { x: 3.5, y: 1, angle: 0 };
    const cp2 = c2.closestPoints(a, b, pa, pb2);
    expectShown(await shown(page), false, {
      test: false,
      distance: c2.distance(a, b, pa, pb2),
      pointA: cp2.pointA,
      pointB: cp2.pointB,
      normal: null,
    });
    // A pair with a non-solid: contact is not applicable, the rest still answers.
    await page.selectOption('[data-testid="option-b"]', "polyline");
    const r = await api<PageResult>(page, "result");
    expect((await shown(page)).texts["normal"]).toMatch(/n\/a: polyline is not a solid/);
    replay(r.calls);
    await checkPresets(page, {
      apart: { hit: false },
      touching: { hit: true, fields: { depth: 0, distance: 0 } },
      collinear: { hit: true, fields: { distance: 0 } },
      "zero-length": { hit: true, fields: { distance: 0 } },
      huge: { hit: true },
    });
    await finish(page);
  });

  it("sweep: generic time of impact with a ghost at t", async () => {
    const page = await open("sweep");
    await drag(page, "pa", { x: -5, y: 1 });
    await drag(page, "m", { x: 4, y: -1 });
    await drag(page, "pb", { x: 1.5, y: 0 });
    const hit = c2.sweep(
      c2.circle(0, 0, 1),
      { x: 9, y: -2 },
      c2.box(0, 0, 1.25, 0.75),
      { x: -5, y: 1, angle: 0 },
      { x: 1.5, y: 0, angle: PI / 12 },
    )!;
    expect(hit).not.toBeNull();
    expectShown(await shown(page), true, {
      motion: { x: 9, y: -2 },
      t: hit.t,
      position: hit.position,
      point: hit.point,
      normal: hit.normal,
      initiallyOverlapping: false,
    });
    await page.screenshot({ path: join(SHOTS, "sweep.png") });
    await checkPresets(page, {
      miss: { hit: false },
      touching: { hit: true, fields: { t: 1 }, approx: true },
      overlap: { hit: true, fields: { t: 0, initiallyOverlapping: true } },
      collinear: { hit: true, fields: { t: 0.3 }, approx: true },
      "zero-length": { hit: true, fields: { t: 0, initiallyOverlapping: true } },
      huge: { hit: true },
    });
    await finish(page);
  });

  it("ray cast: intersectRay<Shape> against a dragged, turned target", async () => {
    const page = await open("raycast");
    await drag(page, "o", { x: -5, y: 1.5 });
    await drag(page, "d", { x: -4, y: 1 });
    await drag(page, "pb", { x: 1, y: 0 });
    const r = c2.ray(-5, 1.5, 1, -0.5);
    const target = c2.box(1, 0, 1.25, 0.75, PI / 6);
    const hit = c2.intersectRayBox(r, target)!;
    expect(hit).not.toBeNull();
    const s = await shown(page);
    expectShown(s, true, {
      test: true,
      t: hit.t,
      point: hit.point,
      normal: hit.normal,
      inside: false,
    });
    expect(s.code).toBe(
      `intersectRayBox(ray(-5, 1.5, 1, -0.5), box(1, 0, 1.25, 0.75, ${num(PI / 6)}))`,
    );
    await page.screenshot({ path: join(SHOTS, "raycast.png") });
    for (const kind of [
      "circle",
      "capsule",
      "aabb",
      "triangle",
      "polygon",
      "polyline",
      "segment",
    ]) {
      await page.selectOption('[data-testid="option-b"]', kind);
      replay((await api<PageResult>(page, "result")).calls);
    }
    await checkPresets(page, {
      miss: { hit: false },
      touching: { hit: true, fields: { t: 5, point: { x: 0, y: 1 } } },
      inside: { hit: true, fields: { t: 0, inside: true } },
      collinear: { hit: true, fields: { collinear: true } },
      "along-edge": { hit: true, fields: { t: 4, point: { x: -1, y: 0.75 } } },
      "zero-length": { hit: "error", error: /RangeError.*ray\.dir/ },
      huge: { hit: true },
    });
    await finish(page);
  });

  it("GJK / EPA stepping: the figure's steps end at the library's distance and depth", async () => {
    const page = await open("gjk-epa");
    await drag(page, "a2", { x: 1, y: 0.5 });
    await drag(page, "b3", { x: 3.5, y: 2 });
    const pa = [
      { x: -3, y: -1 },
      { x: 1, y: 0.5 },
      { x: -1, y: 2 },
    ];
    const pb = [
      { x: 0, y: -1 },
      { x: 3, y: -1 },
      { x: 3.5, y: 2 },
      { x: 0, y: 2 },
    ];
    const A = c2.convexHull(pa);
    const B = c2.convexHull(pb);
    const c = c2.contactPolygonPolygon(A, B)!;
    expect(c).not.toBeNull();
    const s = await shown(page);
    expectShown(s, true, {
      test: true,
      distance: 0,
      depth: c.depth,
      normal: c.normal,
      phase: "GJK",
      simplex: 1,
    });
    expect(s.texts["step"]).toMatch(/^1 of \d+$/);
    expect(s.code).toBe(
      "contactPolygonPolygon(convexHull([{ x: -3, y: -1 }, { x: 1, y: 0.5 }, { x: -1, y: 2 }]), " +
        "convexHull([{ x: 0, y: -1 }, { x: 3, y: -1 }, { x: 3.5, y: 2 }, { x: 0, y: 2 }]))",
    );
    // Step 2 adds one support point to the simplex; the last step is EPA's, and its float depth
    // agrees with the library's to the six digits it prints.
    await page.selectOption('[data-testid="option-step"]', "2");
    const second = await shown(page);
    expect(second.values["simplex"]).toBe(2);
    expect(second.texts["step"]).toMatch(/^2 of \d+$/);
    await page.selectOption('[data-testid="option-step"]', "56");
    const last = await shown(page);
    expect(last.values["phase"]).toBe("EPA");
    expect(last.values["what"]).toContain(`depth ${c.depth.toPrecision(6)}`);
    await page.screenshot({ path: join(SHOTS, "gjk-epa.png") });
    await checkPresets(page, {
      // A's nearest corner (-1.5, 0) is 1.5 from B's edge x = 0.
      apart: { hit: false, fields: { distance: 1.5, depth: null } },
      // A's corner (0, 0.5) lies on B's edge x = 0.
      touching: { hit: true, fields: { distance: 0, depth: 0 } },
      // A reaches x = 1.5 past B's edge x = 0; A's slanted edges need more (2.28 and 1.72).
      overlap: { hit: true, fields: { distance: 0, depth: 1.5 } },
      // Along A's edge normal (2, 1)/√5: A reaches 4.5/√5, B starts at -1/√5: 5.5/√5 < 2.5.
      inside: { hit: true, fields: { depth: 5.5 / Math.sqrt(5) }, approx: true },
      // The segment y = 0.5 from x = -3 to 1 enters B by 1.
      flat: { hit: true, fields: { distance: 0, depth: 1 } },
    });
    await finish(page);
  });

  it("world: contacts and the dragged ray's hit equal the library's for the same seeded scene", async () => {
    const page = await open("world");
    // Let it run a few frames, then pause: the page shows its step count, and the motion is a
    // seeded function of that count alone, so Node rebuilds the same poses with WorldScene.
    await page.waitForFunction(() => {
      const pg = (globalThis as unknown as { playground: { result(): PageResult } }).playground;
      return (pg.result().fields["steps"] as number) >= 3;
    });
    await page.selectOption('[data-testid="option-run"]', "paused");
    const first = await shown(page);
    const steps = first.values["steps"] as number;
    expect(steps).toBeGreaterThanOrEqual(3);
    expect(first.values["bodies"]).toBe(2000);
    expect(first.values["stepMs"]).toBeTypeOf("number");
    const scene = new WorldScene(2000, WORLD_SEED, "tree");
    for (let i = 0; i < steps; i++) scene.advance();
    const contacts = scene.world.contactCount;
    expect(contacts).toBeGreaterThan(0);
    expect(first.values["contacts"]).toBe(contacts);
    // Every broadphase finds the same contacts, in the page and in Node.
    for (const kind of ["sap", "grid", "tree"] as const) {
      await page.selectOption('[data-testid="option-broadphase"]', kind);
      const s = await shown(page);
      expect(s.values["broadphase"]).toBe(kind);
      expect(s.values["steps"], kind).toBe(steps);
      expect(s.values["contacts"], kind).toBe(contacts);
      scene.setKind(kind);
      expect(scene.world.contactCount, kind).toBe(contacts);
    }
    // The dragged ray: the page's first hit is the library's world.raycast.
    await drag(page, "o", { x: -10.5, y: -7 });
    await drag(page, "e", { x: 8, y: 5.5 });
    const hit = scene.world.raycast({ x: -10.5, y: -7 }, { x: 18.5, y: 12.5 })!;
    expect(hit).not.toBeNull();
    const s = await shown(page);
    expectShown(s, true, {
      bodies: 2000,
      contacts,
      steps,
      id: hit.id,
      t: hit.t,
      point: hit.point,
      normal: hit.normal,
    });
    expect(s.code).toContain("world.raycast({ x: -10.5, y: -7 }, { x: 18.5, y: 12.5 });");
    await page.screenshot({ path: join(SHOTS, "world.png") });
    // Running again moves the bodies; paused again, the new state still matches Node.
    await page.selectOption('[data-testid="option-run"]', "running");
    await page.waitForFunction((n) => {
      const pg = (globalThis as unknown as { playground: { result(): PageResult } }).playground;
      return (pg.result().fields["steps"] as number) >= n + 2;
    }, steps);
    await page.selectOption('[data-testid="option-overlay"]', "boxes and normals");
    await page.selectOption('[data-testid="option-run"]', "paused");
    const later = await shown(page);
    const more = later.values["steps"] as number;
    for (let i = steps; i < more; i++) scene.advance();
    expect(later.values["contacts"]).toBe(scene.world.contactCount);
    const h2 = scene.world.raycast({ x: -10.5, y: -7 }, { x: 18.5, y: 12.5 });
    expect(later.values["id"]).toBe(h2?.id ?? null);
    expect(later.values["t"]).toBe(h2?.t ?? null);
    await page.screenshot({ path: join(SHOTS, "world-overlay.png") });
    // Presets never start the motion, so the panel holds still while they are checked.
    await checkPresets(page, {
      pause: { hit: true },
      "many-grid": { hit: true, fields: { bodies: 5000, steps: 0, broadphase: "grid" } },
      "ray-outside": { hit: false, fields: { id: null, t: null } },
    });
    await page.click('[data-testid="preset-many-grid"]');
    const s5000 = new WorldScene(5000, WORLD_SEED, "grid");
    expect((await shown(page)).values["contacts"]).toBe(s5000.world.contactCount);
    await finish(page);
  });

  it.runIf(process.env["UPDATE_README_SHOT"] === "1")("writes docs/playground.png", async () => {
    const page = await open("triangle-triangle");
    await api(page, "preset", "overlap");
    const shot = join(SHOTS, "readme.png");
    await page.screenshot({ path: shot });
    copyFileSync(shot, README_SHOT);
    await finish(page);
  });

  it("ray vs mesh: a dragged ray gives the library's t, point, triangle and u, v; watertight cases", async () => {
    const page = await open("ray-mesh");
    const { positions, indices } = noisySphere();
    const m = c3.mesh(positions, indices);
    await drag(page, "o", { x: -5, y: 2 });
    await drag(page, "a", { x: 1, y: 1 });
    await drag(page, "h", { x: -8, y: 7 });
    // Origin (-5, 2, 7), through (1, 1, 0): dir (6, -1, -7).
    const hit = c3.intersectRayMesh(c3.ray(-5, 2, 7, 6, -1, -7), m)!;
    expect(hit).not.toBeNull();
    const s = await shown(page);
    expectShown(s, true, {
      t: hit.t,
      point: hit.point,
      normal: hit.normal,
      triangle: hit.triangle,
      u: hit.u,
      v: hit.v,
      inside: false,
    });
    expect(s.code).toBe("intersectRayMesh(ray(-5, 2, 7, 6, -1, -7), m)");
    await page.screenshot({ path: join(SHOTS, "ray-mesh.png") });

    // Hand derivations from the mesh's layout: vertex v(i, j) of ring i, column j is
    // 1 + 48(i - 1) + j; band i (rings i, i + 1) holds triangles 48 + 96(i - 1) + 2j:
    // (v(i, j), v(i + 1, j), v(i + 1, j + 1)) and + 1: (v(i, j), v(i + 1, j + 1), v(i, j + 1)).
    // Every coordinate is a multiple of 2^-16 below 8, so 8 - z and the /8 below are exact, and a
    // vertical ray from height 8 along (0, 0, -8) meets height z at t = (8 - z) / 8.
    const K = RAY_MESH_CASES;
    const z = (k: number): number => positions[3 * k + 2]!;
    const band = (i: number, j: number): number => 48 + 96 * (i - 1) + 2 * j;
    expect(K.edge).toMatchObject({ a: 1 + 48 * 4 + 5, b: 1 + 48 * 4 + 6 });
    expect(K.vertex).toBe(1 + 48 * 6 + 9);
    // The ring edge v(5, 5) v(5, 6) is on band 4's first triangle of column 5 (the lower index of
    // the two sharing it) as its 2nd and 3rd corners: through the midpoint, u = v = 1/2.
    const edgeT = (8 - (z(K.edge.a) + z(K.edge.b)) / 2) / 8;
    // v(7, 9) is the 3rd corner of band 6's first triangle of column 8, the lowest of its six.
    const vertexT = (8 - z(K.vertex)) / 8;
    // The largest-x vertex is unique (checked here), so a vertical ray through it touches the
    // mesh only there, and one ulp further out it misses.
    const xs = positions.filter((_, i) => i % 3 === 0);
    expect(xs.filter((x) => x === positions[3 * K.rim]).length).toBe(1);
    expect(Math.max(...xs)).toBe(positions[3 * K.rim]);
    const rimRing = Math.floor((K.rim - 1) / 48) + 1;
    const rimCol = (K.rim - 1) % 48;
    const known: Record<string, Known> = {
      // (1, 0.5, 0) is within 4 · 0.9 of the center and (-6, 3, 6) beyond 4 · 1.1: it must cross.
      hit: { hit: true },
      // y = 5 all along, beyond the largest radius 4 · 1.1.
      miss: { hit: false },
      edge: {
        hit: true,
        fields: { t: edgeT, triangle: band(4, 5), u: 0.5, v: 0.5 },
        approx: true,
      },
      vertex: {
        hit: true,
        fields: { t: vertexT, triangle: band(6, 8), u: 0, v: 1 },
        approx: true,
      },
      // Band rimRing - 1's first triangle of column rimCol - 1 has the rim vertex as 3rd corner.
      graze: {
        hit: true,
        fields: { t: (8 - z(K.rim)) / 8, triangle: band(rimRing - 1, rimCol - 1), u: 0, v: 1 },
        approx: true,
      },
      "graze-out": { hit: false },
      // The pole is the first corner of triangle 0: t = 0, u = v = 0.
      surface: {
        hit: true,
        fields: { t: 0, triangle: 0, u: 0, v: 0, inside: false },
        approx: true,
      },
      inside: { hit: true, fields: { inside: false } },
    };
    const ids = await api<string[]>(page, "presets");
    expect(ids.sort()).toEqual(Object.keys(known).sort());
    for (const id of ids) {
      await page.click(`[data-testid="preset-${id}"]`);
      const r = await api<PageResult>(page, "result");
      const shownNow = await shown(page);
      expect(shownNow.hit, `verdict of ${id}`).toBe(String(r.hit));
      for (const [f, v] of Object.entries(r.fields))
        expect(shownNow.values[f], `${id}.${f}`).toEqual(json(v));
      // The page's call, replayed on the same mesh built in Node.
      expect(r.calls).toHaveLength(1);
      const [rayArg] = r.calls[0]!.args as [c3.Ray];
      expect(c3.intersectRayMesh(rayArg, m), id).toEqual(r.calls[0]!.result);
      if (ALL_SHOTS) await page.screenshot({ path: join(SHOTS, `ray-mesh-${id}.png`) });
      const k = known[id]!;
      expect(r.hit, `hit of ${id}`).toBe(k.hit);
      for (const [f, v] of Object.entries(k.fields ?? {})) {
        if (k.approx && typeof v === "number" && f !== "triangle" && f !== "t") {
          expect(Math.abs((r.fields[f] as number) - v), `${id}.${f}`).toBeLessThanOrEqual(1e-12);
        } else expect(r.fields[f], `${id}.${f}`).toEqual(v);
      }
    }
    await finish(page);
  });

  it("frustum culling: exact AABB, sphere and box tests next to three.js' six-plane test", async () => {
    const page = await open("frustum-culling");
    await drag(page, "t", { x: 4, y: 0 });
    await drag(page, "b", { x: 8, y: 3 });
    await drag(page, "s", { x: 11, y: -3 });
    await drag(page, "o", { x: 12, y: 2 });
    await turn(page, "k", "o", PI / 4);
    // The camera the page builds: three.js, z up, at (-2, 0, 0) looking at (4, 0, 0), fov 60°,
    // aspect 1, near 1, far 14; collide gets projection × view-inverse, column-major.
    const cam = new PerspectiveCamera(60, 1, 1, 14);
    cam.up.set(0, 0, 1);
    cam.position.set(-2, 0, 0);
    cam.lookAt(4, 0, 0);
    cam.updateMatrixWorld(true);
    const matrix = new Matrix4().multiplyMatrices(cam.projectionMatrix, cam.matrixWorldInverse);
    const elements = Array.from(matrix.elements);
    const f = c3.frustum(elements);
    const lo = { x: 7, y: 2, z: -1 };
    const hi = { x: 9, y: 4, z: 1 };
    const rot = { x: 0, y: 0, z: Math.sin(PI / 8), w: Math.cos(PI / 8) };
    const s = await shown(page);
    expectShown(s, c3.testAabbFrustum(c3.aabb(lo, hi), f), {
      aabb: c3.testAabbFrustum(c3.aabb(lo, hi), f),
      sphere: c3.testSphereFrustum(c3.sphere(11, -3, 0, 1), f),
      box: c3.testBoxFrustum(c3.box({ x: 12, y: 2, z: 0 }, { x: 1.5, y: 0.5, z: 1 }, rot), f),
      angle: PI / 4,
    });
    expect(s.code).toBe(
      "testAabbFrustum(aabb({ x: 7, y: 2, z: -1 }, { x: 9, y: 4, z: 1 }), " +
        `frustum([${elements.map(num).join(", ")}]))`,
    );
    await page.screenshot({ path: join(SHOTS, "frustum-culling.png") });
    await checkPresets(page, {
      // Camera at (-2, 0) looking along +x, fov 60: |y|, |z| <= (x + 2) tan 30°, -1 <= x <= 12;
      // each object's center is inside.
      inside: { hit: true, fields: { aabb: true, sphere: true, box: true } },
      // See the preset notes: outside, while every plane alone keeps a corner of the object.
      corner: { hit: false, fields: { aabb: false, aabbThree: true } },
      "sphere-corner": { hit: false, fields: { sphere: false, sphereThree: true, aabb: false } },
      // x < 0 everywhere, behind the near plane x = 1.
      behind: { hit: false, fields: { aabb: false, sphere: false, box: false } },
    });
    await page.click('[data-testid="preset-corner"]');
    await page.screenshot({ path: join(SHOTS, "frustum-culling-corner.png") });
    await finish(page);
  });

  it("overlap 3D: the exact test of two dragged, turned solids; touching and 1-ulp gaps", async () => {
    const page = await open("overlap-3d");
    await drag(page, "pa", { x: -1, y: 1 });
    await drag(page, "pb", { x: 1, y: -1 });
    await turn(page, "kb", "pb", PI / 2);
    // A: capsule turned by π/6 about its center (-1, 1, 0); B: box turned by π/2 at (1, -1, 0).
    const ux = 1.5 * Math.cos(PI / 6);
    const uy = 1.5 * Math.sin(PI / 6);
    const cap = c3.capsule({ x: -1 - ux, y: 1 - uy, z: 0 }, { x: -1 + ux, y: 1 + uy, z: 0 }, 0.75);
    const bx = c3.box(
      { x: 1, y: -1, z: 0 },
      { x: 1.5, y: 0.75, z: 1 },
      { x: 0, y: 0, z: Math.sin(PI / 4), w: Math.cos(PI / 4) },
    );
    const expected = c3.testCapsuleBox(cap, bx);
    const cp = c3.closestPointsCapsuleBox(cap, bx);
    const s = await shown(page);
    expectShown(s, expected, {
      test: expected,
      angleA: PI / 6,
      angleB: PI / 2,
      distance: cp.distance,
      pointA: cp.pointA,
      pointB: cp.pointB,
    });
    expect(s.code).toMatch(/^testCapsuleBox\(capsule\(/);
    // B before A in the fixed order sphere, capsule, box: the page swaps the arguments.
    await page.selectOption('[data-testid="option-a"]', "box");
    await page.selectOption('[data-testid="option-b"]', "sphere");
    const swapped = await api<PageResult>(page, "result");
    expect(swapped.calls[0]!.name).toBe("testSphereBox");
    expect(swapped.hit).toBe(
      c3.testSphereBox(
        c3.sphere(1, -1, 0, 1.5),
        c3.box(
          { x: -1, y: 1, z: 0 },
          { x: 1.5, y: 0.75, z: 1 },
          {
            x: 0,
            y: 0,
            z: Math.sin(PI / 12),
            w: Math.cos(PI / 12),
          },
        ),
      ),
    );
    await page.screenshot({ path: join(SHOTS, "overlap-3d.png") });
    await checkPresets(page, {
      // Centers 3 apart, radii 1.5 + 1.5: touching, so the distance is exactly 0.
      "spheres-touching": { hit: true, fields: { distance: 0 } },
      // Faces at x = 1.5 and 3 - 1.5 = 1.5.
      "boxes-touching": { hit: true, fields: { distance: 0 } },
      // B's face at 1.5 + 2^-51 > 1.5: apart by that gap, within 1e-9.
      "boxes-ulp": { hit: false, fields: { distance: 2 ** -51 }, approx: true },
      // The axis y = 1.5 is 0.75 + 0.75 from the box's center line, the face at y = 0.75.
      "capsule-box-touching": { hit: true },
      // 2^-52 more than the radius above the face.
      "capsule-box-ulp": { hit: false },
    });
    await finish(page);
  });
});
