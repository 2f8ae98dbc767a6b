import type { Aabb, BroadphaseKind, WorldRayHit } from "../../../src/2d/index.ts";
import { num, vecLiteral } from "../format.ts";
import { COLORS, type Draw } from "../view.ts";
import { at, type Evaluation, type Sample } from "./types.ts";
import { WORLD_SEED, WorldScene } from "./world-scene.ts";

const KINDS = ["tree", "sap", "grid"] as const;
const COUNTS = ["500", "2000", "5000"] as const;

// ---------------------------------------------------------------- the page's scene and loop

let scene: WorldScene | null = null;
let looping = false;

interface PlaygroundApi {
  sample(): string;
  options(): Record<string, string>;
  setOptions(o: Record<string, string>): void;
}

function playgroundApi(): PlaygroundApi | undefined {
  return (globalThis as unknown as { playground?: PlaygroundApi }).playground;
}

/**
 * Every animation frame while this sample is shown and running: step, then recompute the panel and
 * figure through the page's API (setOptions with nothing to change re-runs evaluate).
 */
function tick(): void {
  const pg = playgroundApi();
  if (!pg || pg.sample() !== worldSample.id || scene === null) {
    looping = false;
    return;
  }
  // Paused, the page's own input handling recomputes what changes; nothing to do here.
  if (pg.options()["run"] === "running") {
    scene.advance();
    pg.setOptions({});
  }
  requestAnimationFrame(tick);
}

function startLoop(): void {
  if (looping || typeof requestAnimationFrame !== "function") return;
  looping = true;
  requestAnimationFrame(tick);
}

const boxScratch: Aabb = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };

/** Every body in two batched paths (boxes as their corners, circles as arcs). */
function drawBodies(d: Draw, s: WorldScene, touching: Uint8Array, ray: number): void {
  const { ctx, view } = d;
  for (const pass of [0, 1]) {
    ctx.beginPath();
    for (let i = 0; i < s.count; i++) {
      if ((touching[i] ?? 0) !== pass) continue;
      const sh = s.shapes[i]!;
      const [px, py] = view.toPx(s.x[i]!, s.y[i]!);
      if (sh.kind === "circle") {
        const r = Math.max(sh.radius * view.scale, 1);
        ctx.moveTo(px + r, py);
        ctx.arc(px, py, r, 0, 2 * Math.PI);
      } else if (sh.kind === "box") {
        const c = Math.cos(s.a[i]!) * view.scale;
        const n = Math.sin(s.a[i]!) * view.scale;
        const hx = sh.halfExtents.x;
        const hy = sh.halfExtents.y;
        // Screen y points down: a world offset (u, v) is the pixel offset (u, -v).
        ctx.moveTo(px + c * hx - n * hy, py - (n * hx + c * hy));
        ctx.lineTo(px - c * hx - n * hy, py - (-n * hx + c * hy));
        ctx.lineTo(px - c * hx + n * hy, py - (-n * hx - c * hy));
        ctx.lineTo(px + c * hx + n * hy, py - (n * hx - c * hy));
        ctx.closePath();
      }
    }
    ctx.fillStyle = pass ? COLORS.hitFill : COLORS.aFill;
    ctx.fill();
    ctx.strokeStyle = pass ? COLORS.hit : COLORS.a;
    ctx.lineWidth = 1;
    ctx.setLineDash([]);
    ctx.stroke();
  }
  if (ray >= 0) {
    const b = s.world.getAabb(ray, boxScratch);
    d.poly(
      [b.min, { x: b.max.x, y: b.min.y }, b.max, { x: b.min.x, y: b.max.y }],
      true,
      COLORS.accent,
      undefined,
      2.5,
    );
  }
}

/** The bodies' boxes and every contact's normal from its first point. */
function drawOverlay(d: Draw, s: WorldScene): void {
  const { ctx, view } = d;
  ctx.beginPath();
  for (let i = 0; i < s.count; i++) {
    const b = s.world.getAabb(i, boxScratch);
    const [x0, y0] = view.toPx(b.min.x, b.min.y);
    const [x1, y1] = view.toPx(b.max.x, b.max.y);
    ctx.rect(x0, y1, x1 - x0, y0 - y1);
  }
  ctx.strokeStyle = COLORS.muted;
  ctx.lineWidth = 0.5;
  ctx.stroke();
  ctx.beginPath();
  for (let i = 0; i < s.world.contactCount; i++) {
    const c = s.world.getContact(i);
    const p = c.points[0].point;
    const [x, y] = view.toPx(p.x, p.y);
    ctx.moveTo(x, y);
    ctx.lineTo(x + c.normal.x * 8, y - c.normal.y * 8);
  }
  ctx.strokeStyle = COLORS.ink;
  ctx.lineWidth = 1;
  ctx.stroke();
}

/** The collision world: thousands of moving shapes, any broadphase, a dragged ray. */
export const worldSample: Sample = {
  id: "world",
  title: "World: thousands of moving shapes",
  category: "World",
  blurb:
    "A createWorld of boxes and circles flying straight and bouncing off the arena's walls, stepped " +
    "every animation frame: red bodies touch another (exact contacts). Switch the broadphase: the " +
    "contacts stay the same, only the step time changes. Drag O and E: world.raycast reports the " +
    "first body the segment hits.",
  options: [
    { id: "count", label: "bodies", choices: COUNTS, value: "2000" },
    { id: "broadphase", label: "broadphase", choices: KINDS, value: "tree" },
    { id: "overlay", label: "overlay", choices: ["off", "boxes and normals"], value: "off" },
    { id: "run", label: "run", choices: ["running", "paused"], value: "running" },
  ],
  handles: [
    { id: "o", x: -10.5, y: -4, label: "O" },
    { id: "e", x: 10.5, y: 3, label: "E" },
  ],
  camera: { span: 22 },
  presets: [
    {
      id: "pause",
      label: "pause",
      options: { run: "paused" },
      handles: {},
      note: "Paused: the numbers hold still; switch the broadphase and the contact count stays the same.",
    },
    {
      id: "many-grid",
      label: "5000 on the grid",
      options: { count: "5000", broadphase: "grid" },
      handles: {},
    },
    {
      id: "overlay",
      label: "boxes and normals",
      options: { count: "500", overlay: "boxes and normals" },
      handles: {},
    },
    {
      id: "ray-outside",
      label: "ray outside the arena",
      handles: { o: [-10.5, -10.5], e: [10.5, -10.5] },
      note: "The segment runs below the arena: no hit.",
    },
  ],
  evaluate({ h, options }): Evaluation {
    const count = Number(options["count"] ?? "2000");
    const kind = (options["broadphase"] ?? "tree") as BroadphaseKind;
    if (scene === null || scene.count !== count) scene = new WorldScene(count, WORLD_SEED, kind);
    else scene.setKind(kind);
    startLoop();
    const s = scene;
    const w = s.world;
    const o = at(h, "o");
    const e = at(h, "e");
    const origin = { x: o.x, y: o.y };
    const translation = { x: e.x - o.x, y: e.y - o.y };
    const hit: WorldRayHit | null = w.raycast(origin, translation);
    const touching = new Uint8Array(s.count);
    for (let i = 0; i < w.contactCount; i++) {
      const c = w.getContact(i);
      touching[c.a] = 1;
      touching[c.b] = 1;
    }
    const ms = s.meanMs();
    const imports = `import { createWorld } from "collide/2d";`;
    const code = [
      `const world = createWorld({ broadphase: "${kind}" }); // + ${count} bodies, world.step()`,
      `world.raycast(${vecLiteral(origin)}, ${vecLiteral(translation)});`,
    ].join("\n");
    return {
      hit: hit !== null,
      code,
      imports,
      calls: [],
      fields: [
        { id: "bodies", label: "bodies", value: w.bodyCount },
        { id: "contacts", label: "contacts", value: w.contactCount },
        { id: "steps", label: "steps", value: s.steps },
        {
          id: "stepMs",
          label: "step ms (mean of 30)",
          value: Number.isNaN(ms) ? null : ms,
          text: Number.isNaN(ms) ? "—" : ms.toFixed(2),
        },
        { id: "broadphase", label: "broadphase", value: kind },
        { id: "id", label: "ray hit id", value: hit?.id ?? null },
        { id: "t", label: "t", value: hit?.t ?? null },
        { id: "point", label: "point", value: hit?.point ?? null },
        { id: "normal", label: "normal", value: hit?.normal ?? null },
      ],
      draw(d) {
        drawBodies(d, s, touching, hit?.id ?? -1);
        if (options["overlay"] !== "off") drawOverlay(d, s);
        if (hit) {
          d.segment(o, hit.point, COLORS.hit, 2);
          d.segment(hit.point, e, COLORS.faint, 1.5, [5, 4]);
          d.dot(hit.point, COLORS.hit, 5);
          d.arrowPx(hit.point, hit.normal, 30, COLORS.ink, 2);
          d.label(hit.point, `#${hit.id}  t = ${num(hit.t)}`, COLORS.hit);
        } else d.segment(o, e, COLORS.miss, 2);
      },
    };
  },
};
