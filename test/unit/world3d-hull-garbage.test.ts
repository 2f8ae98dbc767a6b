/**
 * A mixed 3D world with hulls steps without garbage once warm: capsules, spheres, oriented boxes
 * and hulls (bench/world-3d.ts's Scene with `hulls` on) over a ground slab. Measured as in the
 * mixed-world test of broadphase-alloc-world.test.ts: young-generation bytes per frame (where
 * boxed doubles go), the largest of 3 runs of 20 frames after a full GC (a scavenge only lowers a
 * run), the least over up to 6 rounds of 200 more warm frames (a frame that meets code still
 * compiling, or a pair within rounding of touching that goes to the exact BigInt path, spikes one
 * round).
 */
import { describe, expect, it } from "vitest";
import { Scene } from "../../bench/world-3d.ts";
import { warmGarbagePerFrame } from "./young-garbage.ts";

/**
 * Under 8 B a frame: half of one boxed double. (The 106.8 B a frame first measured here was the
 * counter's own reading, now taken off in young-garbage.ts.) Before the hull contacts were fixed,
 * a 1000-body scene like it made about 350 KB per frame.
 */
const BOUND = 8;

describe("3D world with hulls: no per-pair garbage", () => {
  it("a 600-body mixed world with hulls steps with under 8 bytes of garbage per frame", () => {
    const scene = new Scene(600, 8765, "tree", true, true);
    const kinds = scene.shapes.map((s) => s.kind);
    let hullContacts = 0;
    const least = warmGarbagePerFrame(() => {
      scene.frame();
      const w = scene.world;
      for (let c = 0; c < w.contactCount; c++) {
        const k = w.getContact(c);
        // Body ids are the scene's indices; the ground (id 600) is an aabb.
        if (kinds[k.a] === "hull" || kinds[k.b] === "hull") hullContacts++;
      }
    }, BOUND);
    // The hulls do touch things, so their contacts ran in the measured frames too.
    expect(kinds.filter((k) => k === "hull").length).toBeGreaterThan(20);
    expect(hullContacts).toBeGreaterThan(100);
    expect(scene.world.contactCount).toBeGreaterThan(200);
    expect(least, `${least} B per frame`).toBeLessThan(BOUND);
  });
});
