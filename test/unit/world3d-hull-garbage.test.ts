/**
 * A mixed 3D world with hulls steps without garbage once warm: capsules, spheres, oriented boxes
 * and hulls (bench/world-3d.ts's Scene with `hulls` on) over a ground slab. Measured as in the
 * mixed-world test of broadphase-alloc-world.test.ts: young-generation bytes per frame (where
 * boxed doubles go), the largest of 3 runs of 20 frames after a full GC (a scavenge only lowers a
 * run), the least over up to 6 rounds of 200 more warm frames (a frame that meets code still
 * compiling, or a pair within rounding of touching that goes to the exact BigInt path, spikes one
 * round).
 */
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { Scene } from "../../bench/world-3d.ts";

const young = (): number => {
  for (const s of getHeapSpaceStatistics())
    if (s.space_name === "new_space") return s.space_used_size;
  return 0;
};

describe("3D world with hulls: no per-pair garbage", () => {
  it("a 600-body mixed world with hulls steps with under 256 bytes of garbage per frame", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const scene = new Scene(600, 8765, "tree", true, true);
    const kinds = scene.shapes.map((s) => s.kind);
    let least = Number.POSITIVE_INFINITY;
    let hullContacts = 0;
    for (let round = 0; round < 6 && least >= 256; round++) {
      for (let i = 0; i < 200; i++) {
        scene.frame();
        const w = scene.world;
        for (let c = 0; c < w.contactCount; c++) {
          const k = w.getContact(c);
          // Body ids are the scene's indices; the ground (id 600) is an aabb.
          if (kinds[k.a] === "hull" || kinds[k.b] === "hull") hullContacts++;
        }
      }
      let most = 0;
      for (let t = 0; t < 3; t++) {
        gc();
        const before = young();
        for (let i = 0; i < 20; i++) scene.frame();
        most = Math.max(most, young() - before);
      }
      least = Math.min(least, most / 20);
    }
    // The hulls do touch things, so their contacts ran in the measured frames too.
    expect(kinds.filter((k) => k === "hull").length).toBeGreaterThan(20);
    expect(hullContacts).toBeGreaterThan(100);
    expect(scene.world.contactCount).toBeGreaterThan(200);
    expect(least, `${least} B per frame`).toBeLessThan(256);
  });
});
