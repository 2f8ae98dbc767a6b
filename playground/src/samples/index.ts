import { frustumCulling } from "./frustum-culling.ts";
import { gjkEpa } from "./gjk-epa.ts";
import { lineRay } from "./line-ray.ts";
import { overlap3d } from "./overlap3d.ts";
import { rayMesh } from "./ray-mesh.ts";
import { raycast } from "./raycast.ts";
import { segmentCircle } from "./segment-circle.ts";
import { segmentSegment } from "./segment-segment.ts";
import { shapes } from "./shapes.ts";
import { sphereLine } from "./sphere-line.ts";
import { sweepSample } from "./sweep.ts";
import { triangleTriangle } from "./triangle-triangle.ts";
import type { Sample } from "./types.ts";
import { worldSample } from "./world.ts";

/** Every sample, in menu order; the menu groups them by category. */
export const SAMPLES: readonly Sample[] = [
  segmentSegment,
  lineRay,
  triangleTriangle,
  segmentCircle,
  sphereLine,
  shapes,
  sweepSample,
  raycast,
  gjkEpa,
  worldSample,
  rayMesh,
  frustumCulling,
  overlap3d,
];
