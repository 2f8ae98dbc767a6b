import { intersectRayMesh, type MeshHit, mesh, ray } from "../../../src/3d/index.ts";
import { call, num, type XY } from "../format.ts";
import { COLORS, type Draw } from "../view.ts";
import { EDGE_MID, H, I, P, RIM, VERTEX, vx, vy, vz } from "./noisy-sphere.ts";
import { at, type Evaluation, message, type Preset, type Sample } from "./types.ts";

/*
 * A ray against a noisy tessellated sphere, drawn from above (world x right, y up, z toward the
 * viewer). The ray starts at (O.x, O.y, h) with h the height read off the gauge handle H, and
 * passes through the aim point (A.x, A.y, 0): dir = (A.x - O.x, A.y - O.y, -h).
 */

/** x of the height gauge. */
const GAUGE_X = -8;

const MESH = mesh(P, I);

/** Upward-facing triangles (seen from +z), far to near, with a grey level from their slope. */
const FRONT: { i: number; shade: string }[] = (() => {
  const list: { i: number; z: number; shade: string }[] = [];
  for (let i = 0; i < I.length / 3; i++) {
    const [a, b, c] = [I[3 * i]!, I[3 * i + 1]!, I[3 * i + 2]!];
    const ux = vx(b) - vx(a);
    const uy = vy(b) - vy(a);
    const uz = vz(b) - vz(a);
    const wx = vx(c) - vx(a);
    const wy = vy(c) - vy(a);
    const wz = vz(c) - vz(a);
    const nx = uy * wz - uz * wy;
    const ny = uz * wx - ux * wz;
    const nz = ux * wy - uy * wx;
    if (nz <= 0) continue;
    const light = nz / Math.sqrt(nx * nx + ny * ny + nz * nz);
    const g = Math.round(150 + 95 * light);
    list.push({ i, z: vz(a) + vz(b) + vz(c), shade: `rgb(${g - 10}, ${g - 4}, ${g})` });
  }
  list.sort((p, r) => p.z - r.z);
  return list.map(({ i, shade }) => ({ i, shade }));
})();

function corners(i: number): XY[] {
  return [0, 1, 2].map((k) => ({ x: vx(I[3 * i + k]!), y: vy(I[3 * i + k]!) }));
}

function vertical(id: string, label: string, p: XY, note: string): Preset {
  return {
    id,
    label,
    handles: { o: [p.x, p.y], a: [p.x, p.y], h: [GAUGE_X, H] },
    camera: { x: p.x, y: p.y, scale: 400 },
    note,
  };
}

/** A ray cast at a noisy sphere of 2976 triangles, seen from above. */
export const rayMesh: Sample = {
  id: "ray-mesh",
  title: "Ray vs mesh (3D)",
  category: "3D",
  blurb:
    "collide/3d seen from above (z toward you). The ray starts at O lifted to the height of the gauge " +
    "handle H and passes through A at z = 0. The mesh is a noisy sphere of 2976 triangles; the hit " +
    "triangle is outlined. Watertight: a ray through a shared edge or vertex never slips through.",
  camera: { span: 20 },
  handles: [
    { id: "o", x: -6, y: 3, label: "O" },
    { id: "a", x: 1, y: 0.5, label: "A (z = 0)" },
    { id: "h", x: GAUGE_X, y: 6, label: "H: height of O" },
  ],
  presets: [
    { id: "hit", label: "hit", handles: { o: [-6, 3], a: [1, 0.5], h: [GAUGE_X, 6] } },
    { id: "miss", label: "miss", handles: { o: [-6, 5], a: [-3, 5], h: [GAUGE_X, 6] } },
    vertical(
      "edge",
      "through a shared edge",
      EDGE_MID,
      "Straight down through the midpoint of an edge two triangles share: a hit (watertight), and the tie names the lower triangle index.",
    ),
    vertical(
      "vertex",
      "through a shared vertex",
      { x: vx(VERTEX), y: vy(VERTEX) },
      "Straight down through a vertex six triangles share: a hit at that vertex, on the lowest of the six.",
    ),
    vertical(
      "graze",
      "grazing the silhouette",
      { x: vx(RIM), y: vy(RIM) },
      "Straight down through the vertex of largest x: the ray only touches the mesh there, and touching counts.",
    ),
    vertical(
      "graze-out",
      "1 ulp outside",
      { x: vx(RIM) + 2 ** (Math.floor(Math.log2(vx(RIM))) - 52), y: vy(RIM) },
      "One ulp further out in x than the vertex of largest x: no point of the mesh is there, a miss.",
    ),
    {
      id: "surface",
      label: "starting on the surface",
      handles: { o: [0, 0], a: [0, 0], h: [GAUGE_X, vz(0)] },
      note: "The ray starts exactly at the north pole vertex: t = 0, on triangle 0 (the pole is its first corner, so u = v = 0).",
    },
    {
      id: "inside",
      label: "from inside",
      handles: { o: [0, 0], a: [1, 0], h: [GAUGE_X, 0] },
      note: "From the center along +x: a closed surface is always crossed; a mesh is a surface, not a solid, so inside stays false.",
    },
  ],
  evaluate({ h }): Evaluation {
    const o = at(h, "o");
    const a = at(h, "a");
    const oz = at(h, "h").y;
    const dir = { x: a.x - o.x, y: a.y - o.y, z: -oz };
    const imports =
      'import { intersectRayMesh, mesh, ray } from "collide/3d"; // m = mesh(positions, indices): noisySphere() in playground/src/samples/noisy-sphere.ts';
    const code = call("intersectRayMesh", call("ray", o.x, o.y, oz, dir.x, dir.y, dir.z), "m");
    let r: ReturnType<typeof ray>;
    try {
      r = ray(o.x, o.y, oz, dir.x, dir.y, dir.z);
    } catch (e) {
      return { hit: "error", error: message(e), fields: [], code, imports, calls: [], draw() {} };
    }
    const hit: MeshHit | null = intersectRayMesh(r, MESH);
    const v3 = (v: { x: number; y: number; z: number } | undefined): { text?: string } =>
      v ? { text: `(${num(v.x)}, ${num(v.y)}, ${num(v.z)})` } : {};
    return {
      hit: hit !== null,
      code,
      imports,
      // "mesh" stands for the sample's mesh; the browser test substitutes it when replaying.
      calls: [{ module: "3d", name: "intersectRayMesh", args: [r, "mesh"], result: hit }],
      fields: [
        { id: "origin", label: "origin", value: r.origin, ...v3(r.origin) },
        { id: "dir", label: "dir", value: r.dir, ...v3(r.dir) },
        { id: "t", label: "t", value: hit?.t ?? null },
        { id: "point", label: "point", value: hit?.point ?? null, ...v3(hit?.point) },
        { id: "normal", label: "normal", value: hit?.normal ?? null, ...v3(hit?.normal) },
        { id: "triangle", label: "triangle", value: hit?.triangle ?? null },
        { id: "u", label: "u", value: hit?.u ?? null },
        { id: "v", label: "v", value: hit?.v ?? null },
        { id: "inside", label: "inside", value: hit?.inside ?? null },
      ],
      draw(d: Draw) {
        for (const { i, shade } of FRONT)
          d.poly(corners(i), true, "rgba(34, 40, 49, 0.25)", shade, 0.5);
        // The gauge: a vertical scale at GAUGE_X, H's y is the origin's height.
        d.segment({ x: GAUGE_X, y: -5 }, { x: GAUGE_X, y: 10 }, COLORS.faint, 1);
        for (let z = -4; z <= 10; z += 2) {
          d.segment({ x: GAUGE_X - 0.15, y: z }, { x: GAUGE_X + 0.15, y: z }, COLORS.muted, 1);
          d.label({ x: GAUGE_X, y: z }, `z ${z}`, COLORS.muted, -34, 4);
        }
        if (hit) d.segment(o, hit.point, COLORS.hit, 2);
        else if (dir.x !== 0 || dir.y !== 0) d.ray(o, dir, COLORS.miss, 2);
        else d.cross(o, COLORS.miss, 7);
        d.dot(o, COLORS.ink, 3);
        d.label(o, `O.z = ${num(oz)}`, COLORS.ink, 10, 22);
        if (hit) {
          d.poly(corners(hit.triangle), true, COLORS.hit, COLORS.hitFill, 2.5);
          d.dot(hit.point, COLORS.hit, 5);
          d.arrowPx(hit.point, hit.normal, 40, COLORS.ink, 1.5);
          d.label(hit.point, `t = ${num(hit.t)} · triangle ${hit.triangle}`, COLORS.hit, 10, -14);
        }
      },
    };
  },
};
