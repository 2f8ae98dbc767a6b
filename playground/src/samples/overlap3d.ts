import {
  box,
  type ClosestPoints,
  capsule,
  closestPointsBoxBox,
  closestPointsCapsuleBox,
  closestPointsCapsuleCapsule,
  closestPointsSphereBox,
  closestPointsSphereCapsule,
  closestPointsSphereSphere,
  sphere,
  testBoxBox,
  testCapsuleBox,
  testCapsuleCapsule,
  testSphereBox,
  testSphereCapsule,
  testSphereSphere,
} from "../../../src/3d/index.ts";
import { call, num, vec3Literal, type XY } from "../format.ts";
import { COLORS, type Draw } from "../view.ts";
import { angleOf, at, type Evaluation, message, type Sample } from "./types.ts";

/*
 * Two solids centered at z = 0, seen from above; a knob turns each about +z. Sizes are fixed:
 * sphere radius 1.5, capsule of half length 1.5 and radius 0.75, box of half extents 1.5, 0.75, 1.
 */

const KINDS = ["sphere", "capsule", "box"] as const;
type Kind = (typeof KINDS)[number];
const R_SPHERE = 1.5;
const CAP_HALF = 1.5;
const R_CAPSULE = 0.75;
const HALF = { x: 1.5, y: 0.75, z: 1 };

type Solid = ReturnType<typeof sphere> | ReturnType<typeof capsule> | ReturnType<typeof box>;

const v3 = vec3Literal;

/** The solid of `kind` at c turned by `angle` about +z, and its constructor call as code. */
function make(kind: Kind, c: XY, angle: number): { shape: Solid; code: string } {
  if (kind === "sphere") {
    return { shape: sphere(c.x, c.y, 0, R_SPHERE), code: call("sphere", c.x, c.y, 0, R_SPHERE) };
  }
  if (kind === "capsule") {
    // angle 0 gives exact endpoints: cos 0 = 1 and sin 0 = 0.
    const ux = CAP_HALF * Math.cos(angle);
    const uy = CAP_HALF * Math.sin(angle);
    const a = { x: c.x - ux, y: c.y - uy, z: 0 };
    const b = { x: c.x + ux, y: c.y + uy, z: 0 };
    return {
      shape: capsule(a, b, R_CAPSULE),
      code: call("capsule", v3(a), v3(b), R_CAPSULE),
    };
  }
  const q = { x: 0, y: 0, z: Math.sin(angle / 2), w: Math.cos(angle / 2) };
  const center = { x: c.x, y: c.y, z: 0 };
  return {
    shape: box(center, HALF, q),
    code: call("box", v3(center), v3(HALF), `{ x: 0, y: 0, z: ${num(q.z)}, w: ${num(q.w)} }`),
  };
}

const ORDER: Record<Kind, number> = { sphere: 0, capsule: 1, box: 2 };
const NAMES: Record<string, string> = {
  "sphere-sphere": "testSphereSphere",
  "sphere-capsule": "testSphereCapsule",
  "sphere-box": "testSphereBox",
  "capsule-capsule": "testCapsuleCapsule",
  "capsule-box": "testCapsuleBox",
  "box-box": "testBoxBox",
};
const FNS: Record<string, (a: never, b: never) => boolean> = {
  testSphereSphere,
  testSphereCapsule,
  testSphereBox,
  testCapsuleCapsule,
  testCapsuleBox,
  testBoxBox,
};

const CLOSEST: Record<string, (a: never, b: never) => ClosestPoints> = {
  testSphereSphere: closestPointsSphereSphere,
  testSphereCapsule: closestPointsSphereCapsule,
  testSphereBox: closestPointsSphereBox,
  testCapsuleCapsule: closestPointsCapsuleCapsule,
  testCapsuleBox: closestPointsCapsuleBox,
  testBoxBox: closestPointsBoxBox,
};

/** The corners of the hx by hy half-size rectangle centered at c, turned by `angle`. */
export function turnedRect(c: XY, hx: number, hy: number, angle: number): XY[] {
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([u, w]) => ({
    x: c.x + u! * hx * ca - w! * hy * sa,
    y: c.y + u! * hx * sa + w! * hy * ca,
  }));
}

function drawSolid(d: Draw, kind: Kind, c: XY, angle: number, hit: boolean): void {
  const stroke = hit ? COLORS.hit : COLORS.miss;
  const fill = hit ? COLORS.hitFill : COLORS.missFill;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  if (kind === "sphere") d.circle(c, R_SPHERE, stroke, fill, 2);
  else if (kind === "capsule") {
    const a = { x: c.x - CAP_HALF * ca, y: c.y - CAP_HALF * sa };
    const b = { x: c.x + CAP_HALF * ca, y: c.y + CAP_HALF * sa };
    d.capsule(a, b, R_CAPSULE, stroke, fill, 2);
  } else {
    d.poly(turnedRect(c, HALF.x, HALF.y, angle), true, stroke, fill, 2);
  }
}

/** The exact overlap test of two dragged, turned 3D solids. */
export const overlap3d: Sample = {
  id: "overlap-3d",
  title: "Overlap (3D)",
  category: "3D",
  blurb:
    "Two collide/3d solids centered at z = 0, seen from above (z toward you); drag the centers, turn " +
    "the knobs (about +z). Sphere radius 1.5, capsule half length 1.5 and radius 0.75, box half " +
    "extents (1.5, 0.75, 1). Touching counts as overlapping.",
  options: [
    { id: "a", label: "A", choices: KINDS, value: "capsule" },
    { id: "b", label: "B", choices: KINDS, value: "box" },
  ],
  handles: [
    { id: "pa", x: -2, y: 1, label: "A" },
    {
      id: "ka",
      x: 0,
      y: 0,
      knob: true,
      follows: "pa",
      angle: Math.PI / 6,
      hiddenWhen: (o) => o["a"] === "sphere",
    },
    { id: "pb", x: 2, y: -0.5, label: "B" },
    {
      id: "kb",
      x: 0,
      y: 0,
      knob: true,
      follows: "pb",
      angle: -Math.PI / 4,
      hiddenWhen: (o) => o["b"] === "sphere",
    },
  ],
  presets: [
    {
      id: "spheres-touching",
      label: "spheres touching",
      handles: { pa: [0, 0], pb: [3, 0] },
      options: { a: "sphere", b: "sphere" },
      note: "Centers 3 apart, radii 1.5 + 1.5: touching, a hit.",
    },
    {
      id: "boxes-touching",
      label: "boxes face to face",
      handles: { pa: [0, 0], pb: [3, 0] },
      angles: { ka: 0, kb: 0 },
      options: { a: "box", b: "box" },
      note: "Unturned boxes of half width 1.5 with centers 3 apart share the face x = 1.5: a hit.",
    },
    {
      id: "boxes-ulp",
      label: "boxes 1 ulp apart",
      handles: { pa: [0, 0], pb: [3 + 2 ** -51, 0] },
      angles: { ka: 0, kb: 0 },
      options: { a: "box", b: "box" },
      note: "B's face is at 1.5 + 2^-51, one ulp of 3 further: a gap, a miss.",
    },
    {
      id: "capsule-box-touching",
      label: "capsule on a box face",
      handles: { pa: [0, 1.5], pb: [0, 0] },
      angles: { ka: 0, kb: 0 },
      options: { a: "capsule", b: "box" },
      note: "The capsule's axis y = 1.5 is its radius 0.75 above the box's face y = 0.75: touching.",
    },
    {
      id: "capsule-box-ulp",
      label: "capsule 1 ulp above",
      handles: { pa: [0, 1.5 + 2 ** -52], pb: [0, 0] },
      angles: { ka: 0, kb: 0 },
      options: { a: "capsule", b: "box" },
      note: "One ulp of 1.5 higher: the gap is 2^-52, a miss.",
    },
  ],
  evaluate({ h, angles, options }): Evaluation {
    const ka = (options["a"] ?? "capsule") as Kind;
    const kb = (options["b"] ?? "box") as Kind;
    const pa = at(h, "pa");
    const pb = at(h, "pb");
    const aa = angleOf(angles, "ka");
    const ab = angleOf(angles, "kb");
    const swap = ORDER[ka] > ORDER[kb];
    const name = NAMES[swap ? `${kb}-${ka}` : `${ka}-${kb}`]!;
    const imports = `import { box, capsule, sphere, ${name} } from "collide/3d";`;
    let A: ReturnType<typeof make>;
    let B: ReturnType<typeof make>;
    try {
      A = make(ka, pa, aa);
      B = make(kb, pb, ab);
    } catch (e) {
      return {
        hit: "error",
        error: message(e),
        fields: [],
        code: "",
        imports,
        calls: [],
        draw() {},
      };
    }
    const [first, second] = swap ? [B, A] : [A, B];
    const hit = FNS[name]!(first.shape as never, second.shape as never);
    // The closest points (GJK; distance 0 exactly when the test is true), reported as A's and B's.
    const closestName = name.replace("test", "closestPoints");
    const cp = CLOSEST[name]!(first.shape as never, second.shape as never);
    const pointA = swap ? cp.pointB : cp.pointA;
    const pointB = swap ? cp.pointA : cp.pointB;
    return {
      hit,
      code: call(name, first.code, second.code),
      imports,
      calls: [
        { module: "3d", name, args: [first.shape, second.shape], result: hit },
        { module: "3d", name: closestName, args: [first.shape, second.shape], result: cp },
      ],
      fields: [
        { id: "test", label: name, value: hit },
        { id: "distance", label: "distance", value: cp.distance },
        { id: "pointA", label: "closest point of A", value: pointA },
        { id: "pointB", label: "closest point of B", value: pointB },
        { id: "angleA", label: "angle A (rad)", value: aa },
        { id: "angleB", label: "angle B (rad)", value: ab },
      ],
      draw(d: Draw) {
        drawSolid(d, ka, pa, aa, hit);
        drawSolid(d, kb, pb, ab, hit);
      },
    };
  },
};
