import { Box3, Frustum, Matrix4, PerspectiveCamera, Sphere, Vector3 } from "three";
import {
  aabb,
  box,
  frustum,
  sphere,
  testAabbFrustum,
  testBoxFrustum,
  testSphereFrustum,
} from "../../../src/3d/index.ts";
import { call, num, vec3Literal, type XY } from "../format.ts";
import { COLORS, type Draw } from "../view.ts";
import { turnedRect } from "./overlap3d.ts";
import { angleOf, at, type Evaluation, message, type Sample } from "./types.ts";

/*
 * A three.js perspective camera in a z-up world, seen from above: it stands at C at z = 0 and
 * looks horizontally at T. Every object spans z in [-1, 1]. The figure shows the frustum's slice
 * z = 0; collide answers for the whole frustum.
 */

/** Half extents of the axis-aligned box, the oriented box, and the sphere's radius. */
const HALF = 1;
const OBB = { x: 1.5, y: 0.5, z: 1 };
const RADIUS = 1;

/** The view-projection matrix (three's column-major `elements`) of a camera at c looking at t. */
export function viewProjection(
  c: XY,
  t: XY,
  fov: number,
  near: number,
  far: number,
): { camera: PerspectiveCamera; matrix: Matrix4 } {
  const camera = new PerspectiveCamera(fov, 1, near, far);
  camera.up.set(0, 0, 1);
  camera.position.set(c.x, c.y, 0);
  camera.lookAt(t.x, t.y, 0);
  camera.updateMatrixWorld(true);
  const matrix = new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  return { camera, matrix };
}

/** The rotation by `angle` radians about +z, as a quaternion. */
function zRotation(angle: number): { x: number; y: number; z: number; w: number } {
  return { x: 0, y: 0, z: Math.sin(angle / 2), w: Math.cos(angle / 2) };
}

const v3 = vec3Literal;

/** View-frustum culling of an AABB, a sphere and an oriented box, next to three.js' answer. */
export const frustumCulling: Sample = {
  id: "frustum-culling",
  title: "Frustum culling (3D)",
  category: "3D",
  blurb:
    "A three.js PerspectiveCamera (z up) at C looking at T, seen from above; the figure is the " +
    "frustum's slice z = 0 and every object spans z in [-1, 1]. Each object is red when collide " +
    "says it meets the frustum, green when outside; three.js' six-plane Frustum test is shown next to it.",
  camera: { x: 5, y: 3, span: 26 },
  options: [
    { id: "fov", label: "vertical fov °", choices: ["60", "90"], value: "60" },
    { id: "far", label: "far", choices: ["10", "14"], value: "14" },
  ],
  handles: [
    { id: "c", x: -2, y: 0, label: "C (camera)" },
    { id: "t", x: 4, y: 1, label: "T (look at)" },
    { id: "b", x: 7, y: 4, label: "AABB" },
    { id: "s", x: 5, y: -4, label: "sphere" },
    { id: "o", x: 9, y: 0, label: "box" },
    { id: "k", x: 0, y: 0, knob: true, follows: "o", angle: Math.PI / 6 },
  ],
  presets: [
    {
      id: "inside",
      label: "all visible",
      handles: { c: [-2, 0], t: [4, 0], b: [6, 1], s: [5, -1], o: [9, 0] },
      angles: { k: Math.PI / 6 },
      options: { fov: "60", far: "14" },
    },
    {
      id: "corner",
      label: "box near a corner (three.js #27756)",
      handles: { c: [0, 0], t: [3, 0], b: [10.5, 11.5], s: [12, -12], o: [14, 0] },
      angles: { k: 0 },
      options: { fov: "90", far: "10" },
      camera: { x: 6, y: 4 },
      note:
        "fov 90°, square: the frustum is |y|, |z| <= x, 1 <= x <= 10. The AABB spans x in [9.5, 11.5], " +
        "y in [10.5, 12.5]: a corner is inside the far plane, another inside the left plane, so a " +
        "six-plane test keeps it, but no point has y >= 10.5 and y <= x <= 10: outside.",
    },
    {
      id: "sphere-corner",
      label: "sphere near a corner",
      handles: { c: [0, 0], t: [3, 0], b: [-6, 0], s: [10.8, 10.8], o: [14, 0] },
      angles: { k: 0 },
      options: { fov: "90", far: "10" },
      camera: { x: 6, y: 4 },
      note:
        "Radius 1 around (10.8, 10.8, 0): 0.8 beyond the far plane and 0 from the left plane's line y = x, " +
        "but the frustum's nearest point (10, 10, 0) is 0.8·√2 ≈ 1.13 away: outside; three.js keeps it.",
    },
    {
      id: "behind",
      label: "behind the camera",
      handles: { c: [0, 0], t: [3, 0], b: [-3, 0], s: [-3, 3], o: [-4, -3] },
      angles: { k: 0 },
      options: { fov: "90", far: "10" },
      note: "Everything at x < 0 is behind the near plane x = 1: all outside.",
    },
  ],
  evaluate({ h, angles, options }): Evaluation {
    const c = at(h, "c");
    const t = at(h, "t");
    const b = at(h, "b");
    const s = at(h, "s");
    const o = at(h, "o");
    const angle = angleOf(angles, "k");
    const fov = Number(options["fov"] ?? "60");
    const far = Number(options["far"] ?? "14");
    const near = 1;
    const imports =
      'import { aabb, box, frustum, sphere, testAabbFrustum, testBoxFrustum, testSphereFrustum } from "collide/3d";';
    let fr: ReturnType<typeof frustum>;
    let vp: ReturnType<typeof viewProjection>;
    let elements: number[] = [];
    try {
      vp = viewProjection(c, t, fov, near, far);
      elements = Array.from(vp.matrix.elements);
      fr = frustum(elements);
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
    const lo = { x: b.x - HALF, y: b.y - HALF, z: -HALF };
    const hi = { x: b.x + HALF, y: b.y + HALF, z: HALF };
    const ab = aabb(lo, hi);
    const sp = sphere(s.x, s.y, 0, RADIUS);
    const rot = zRotation(angle);
    const ob = box({ x: o.x, y: o.y, z: 0 }, OBB, rot);
    const inA = testAabbFrustum(ab, fr);
    const inS = testSphereFrustum(sp, fr);
    const inB = testBoxFrustum(ob, fr);
    const threeFrustum = new Frustum().setFromProjectionMatrix(vp.matrix);
    const threeA = threeFrustum.intersectsBox(
      new Box3(new Vector3(lo.x, lo.y, lo.z), new Vector3(hi.x, hi.y, hi.z)),
    );
    const threeS = threeFrustum.intersectsSphere(new Sphere(new Vector3(s.x, s.y, 0), RADIUS));
    const fcode = `frustum([${elements.map(num).join(", ")}])`;
    const code = call("testAabbFrustum", `aabb(${v3(lo)}, ${v3(hi)})`, fcode);
    // The slice z = 0 of the frustum: the near and far corners at clip y = 0.
    const slice = [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ].map(([x, z]) => {
      const p = new Vector3(x, 0, z).unproject(vp.camera);
      return { x: p.x, y: p.y };
    });
    const yes = (v: boolean): string => (v ? "inside or touching" : "outside");
    return {
      hit: inA,
      code,
      imports,
      calls: [
        { module: "3d", name: "testAabbFrustum", args: [ab, fr], result: inA },
        { module: "3d", name: "testSphereFrustum", args: [sp, fr], result: inS },
        { module: "3d", name: "testBoxFrustum", args: [ob, fr], result: inB },
      ],
      fields: [
        { id: "aabb", label: "AABB: testAabbFrustum", value: inA, text: yes(inA) },
        {
          id: "aabbThree",
          label: "AABB: three.js intersectsBox",
          value: threeA,
          text: yes(threeA),
        },
        { id: "sphere", label: "sphere: testSphereFrustum", value: inS, text: yes(inS) },
        {
          id: "sphereThree",
          label: "sphere: three.js intersectsSphere",
          value: threeS,
          text: yes(threeS),
        },
        { id: "box", label: "box: testBoxFrustum", value: inB, text: yes(inB) },
        { id: "angle", label: "box angle (rad)", value: angle },
      ],
      draw(d: Draw) {
        d.poly(slice, true, COLORS.a, COLORS.aFill, 2);
        // The side planes continue past the far plane as dashed lines from the camera.
        for (const p of [slice[2]!, slice[3]!])
          d.ray(c, { x: p.x - c.x, y: p.y - c.y }, COLORS.faint, 1, [4, 4], 1);
        d.arrow(c, t, COLORS.ink, 1.5);
        const col = (v: boolean): [string, string] =>
          v ? [COLORS.hit, COLORS.hitFill] : [COLORS.miss, COLORS.missFill];
        const [sa, fa] = col(inA);
        d.poly(
          [
            { x: lo.x, y: lo.y },
            { x: hi.x, y: lo.y },
            { x: hi.x, y: hi.y },
            { x: lo.x, y: hi.y },
          ],
          true,
          sa,
          fa,
          2,
        );
        if (threeA !== inA)
          d.label({ x: lo.x, y: hi.y }, "three.js: visible", COLORS.accent, 0, -10);
        const [ss, fs] = col(inS);
        d.circle(s, RADIUS, ss, fs, 2);
        if (threeS !== inS)
          d.label({ x: s.x, y: s.y + RADIUS }, "three.js: visible", COLORS.accent, 0, -10);
        const [sb, fb] = col(inB);
        d.poly(turnedRect(o, OBB.x, OBB.y, angle), true, sb, fb, 2);
      },
    };
  },
};
