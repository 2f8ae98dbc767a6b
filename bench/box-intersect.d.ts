/** The types of box-intersect (Mikola Lysenko), which ships none: the calls the bench makes. */
declare module "box-intersect" {
  /** Calls `visit(i, j)` for each pair of overlapping boxes [min..., max...] of one list. */
  export default function boxIntersect(
    boxes: number[][],
    visit: (i: number, j: number) => unknown,
  ): unknown;
}
