import type { XY } from "./format.ts";

/*
 * World <-> canvas. World y points up. A world point (x, y) is drawn at the canvas pixel
 *   px = width / 2 + (x - view.x) * view.scale,  py = height / 2 - (y - view.y) * view.scale
 * in CSS pixels from the canvas' top-left corner (see playground/README.md).
 */

/** Colours used by every sample. */
export const COLORS = {
  hit: "#d62839",
  hitFill: "rgba(214, 40, 57, 0.16)",
  miss: "#1b998b",
  missFill: "rgba(27, 153, 139, 0.12)",
  a: "#3a6ea5",
  aFill: "rgba(58, 110, 165, 0.12)",
  b: "#8a5a9e",
  bFill: "rgba(138, 90, 158, 0.12)",
  ink: "#222831",
  muted: "#8d99ae",
  faint: "rgba(34, 40, 49, 0.18)",
  grid: "rgba(34, 40, 49, 0.06)",
  axis: "rgba(34, 40, 49, 0.22)",
  ghost: "rgba(214, 40, 57, 0.35)",
  accent: "#f4a259",
  handle: "#ffffff",
} as const;

/** The camera: the world point at the canvas center and pixels per world unit. */
export interface Camera {
  x: number;
  y: number;
  scale: number;
}

/** The camera plus the canvas size in CSS pixels. */
export class View implements Camera {
  x = 0;
  y = 0;
  scale = 40;
  width = 1;
  height = 1;

  /** Canvas pixel (CSS px from the canvas' top-left) of a world point. */
  toPx(x: number, y: number): [number, number] {
    return [
      this.width / 2 + (x - this.x) * this.scale,
      this.height / 2 - (y - this.y) * this.scale,
    ];
  }

  /** World point under a canvas pixel. */
  toWorld(px: number, py: number): XY {
    return {
      x: this.x + (px - this.width / 2) / this.scale,
      y: this.y - (py - this.height / 2) / this.scale,
    };
  }

  /** The snapping grid step: a power of ten about 8 pixels wide, or smaller. */
  step(): number {
    return 10 ** Math.floor(Math.log10(8 / this.scale));
  }

  /**
   * `v` rounded to the grid, as the double nearest the decimal (k / 10^n, not k * 0.1), and never
   * -0 (a handle dragged to the axis reads 0).
   */
  snap(v: number): number {
    const e = Math.round(Math.log10(this.step()));
    if (e < 0) {
      const f = 10 ** -e;
      return Math.round(v * f) / f + 0;
    }
    const f = 10 ** e;
    return Math.round(v / f) * f + 0;
  }
}

/** Canvas 2D drawing in world coordinates. */
export class Draw {
  constructor(
    readonly ctx: CanvasRenderingContext2D,
    readonly view: View,
  ) {}

  private px(p: XY): [number, number] {
    return this.view.toPx(p.x, p.y);
  }

  /** Background grid and the world axes. */
  grid(): void {
    const { ctx, view } = this;
    const step = view.step() * 10 * (view.step() * 10 * view.scale < 30 ? 10 : 1);
    const tl = view.toWorld(0, 0);
    const br = view.toWorld(view.width, view.height);
    ctx.lineWidth = 1;
    ctx.strokeStyle = COLORS.grid;
    ctx.beginPath();
    for (let i = Math.ceil(tl.x / step); i * step <= br.x; i++) {
      const [x] = view.toPx(i * step, 0);
      ctx.moveTo(Math.round(x) + 0.5, 0);
      ctx.lineTo(Math.round(x) + 0.5, view.height);
    }
    for (let i = Math.ceil(br.y / step); i * step <= tl.y; i++) {
      const [, y] = view.toPx(0, i * step);
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(view.width, Math.round(y) + 0.5);
    }
    ctx.stroke();
    const [ox, oy] = view.toPx(0, 0);
    ctx.strokeStyle = COLORS.axis;
    ctx.beginPath();
    if (ox >= 0 && ox <= view.width) {
      ctx.moveTo(Math.round(ox) + 0.5, 0);
      ctx.lineTo(Math.round(ox) + 0.5, view.height);
    }
    if (oy >= 0 && oy <= view.height) {
      ctx.moveTo(0, Math.round(oy) + 0.5);
      ctx.lineTo(view.width, Math.round(oy) + 0.5);
    }
    ctx.stroke();
  }

  private stroke(color: string, width: number, dash: number[] = []): void {
    const { ctx } = this;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /** A segment. */
  segment(a: XY, b: XY, color: string, width = 2, dash: number[] = []): void {
    const { ctx } = this;
    ctx.beginPath();
    ctx.moveTo(...this.px(a));
    ctx.lineTo(...this.px(b));
    this.stroke(color, width, dash);
  }

  /**
   * The part of `p + s dir` (s from `from` to `to`, in units of dir) that can show on the canvas;
   * computed relative to p so that huge offsets draw as well as small ones.
   */
  private span(p: XY, dir: XY, from: number, to: number): [XY, XY] | null {
    const len = Math.hypot(dir.x, dir.y);
    if (len === 0) return null;
    const ux = dir.x / len;
    const uy = dir.y / len;
    // Parameter (in world units) of the point nearest the view center, then +- the view diagonal.
    const s0 = (this.view.x - p.x) * ux + (this.view.y - p.y) * uy;
    const reach = Math.hypot(this.view.width, this.view.height) / this.view.scale;
    const lo = Math.max(from * len, s0 - reach);
    const hi = Math.min(to * len, s0 + reach);
    if (!(lo <= hi)) return null;
    return [
      { x: p.x + ux * lo, y: p.y + uy * lo },
      { x: p.x + ux * hi, y: p.y + uy * hi },
    ];
  }

  /** The infinite line through p along dir. */
  line(p: XY, dir: XY, color: string, width = 2, dash: number[] = []): void {
    const s = this.span(p, dir, -Infinity, Infinity);
    if (s) this.segment(s[0], s[1], color, width, dash);
  }

  /** The ray from o along dir, from parameter `from` to `to` (in units of dir). */
  ray(
    o: XY,
    dir: XY,
    color: string,
    width = 2,
    dash: number[] = [],
    from = 0,
    to = Infinity,
  ): void {
    const s = this.span(o, dir, from, to);
    if (s) this.segment(s[0], s[1], color, width, dash);
  }

  /** An arrow from a to b with a head of `head` pixels. */
  arrow(a: XY, b: XY, color: string, width = 2, head = 10): void {
    const { ctx } = this;
    const [ax, ay] = this.px(a);
    const [bx, by] = this.px(b);
    const len = Math.hypot(bx - ax, by - ay);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    this.stroke(color, width);
    if (len < 1) return;
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    const h = Math.min(head, len * 0.6);
    ctx.beginPath();
    ctx.moveTo(bx, by);
    ctx.lineTo(bx - ux * h - uy * h * 0.45, by - uy * h + ux * h * 0.45);
    ctx.lineTo(bx - ux * h + uy * h * 0.45, by - uy * h - ux * h * 0.45);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
  }

  /** An arrow from p along the unit direction u, `pixels` long on screen. */
  arrowPx(p: XY, u: XY, pixels: number, color: string, width = 2): void {
    const s = pixels / this.view.scale;
    this.arrow(p, { x: p.x + u.x * s, y: p.y + u.y * s }, color, width);
  }

  /**
   * The minimum translation: an arrow of length depth along the unit normal when that is long
   * enough to see, else a fixed 40-pixel arrow showing the direction.
   */
  mtv(p: XY, n: XY, depth: number, color: string): void {
    if (depth * this.view.scale >= 16) {
      this.arrow(p, { x: p.x + n.x * depth, y: p.y + n.y * depth }, color, 2);
    } else this.arrowPx(p, n, 40, color, 2);
  }

  /** A circle (a dot when the radius is under a pixel). */
  circle(c: XY, r: number, stroke: string, fill?: string, width = 2, dash: number[] = []): void {
    const { ctx } = this;
    const [x, y] = this.px(c);
    ctx.beginPath();
    ctx.arc(x, y, Math.max(r * this.view.scale, 1.5), 0, Math.PI * 2);
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    this.stroke(stroke, width, dash);
  }

  /** A polygon or polyline. */
  poly(
    points: readonly XY[],
    closed: boolean,
    stroke: string,
    fill?: string,
    width = 2,
    dash: number[] = [],
  ): void {
    const { ctx } = this;
    if (points.length === 0) return;
    ctx.beginPath();
    ctx.lineJoin = "round";
    points.forEach((p, i) => {
      const [x, y] = this.px(p);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    if (closed) ctx.closePath();
    if (fill && closed) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    this.stroke(stroke, width, dash);
    if (points.length === 1 || points.every((p) => p.x === points[0]!.x && p.y === points[0]!.y)) {
      this.dot(points[0]!, stroke, 3);
    }
  }

  /** A capsule around the segment ab. */
  capsule(
    a: XY,
    b: XY,
    r: number,
    stroke: string,
    fill?: string,
    width = 2,
    dash: number[] = [],
  ): void {
    const { ctx } = this;
    const [ax, ay] = this.px(a);
    const [bx, by] = this.px(b);
    const rp = Math.max(r * this.view.scale, 1.5);
    const ang = Math.atan2(by - ay, bx - ax);
    ctx.beginPath();
    ctx.arc(bx, by, rp, ang - Math.PI / 2, ang + Math.PI / 2);
    ctx.arc(ax, ay, rp, ang + Math.PI / 2, ang + (3 * Math.PI) / 2);
    ctx.closePath();
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    this.stroke(stroke, width, dash);
  }

  /** A filled dot of `r` pixels. */
  dot(p: XY, color: string, r = 4): void {
    const { ctx } = this;
    const [x, y] = this.px(p);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
  }

  /** A cross mark of `r` pixels. */
  cross(p: XY, color: string, r = 5): void {
    const { ctx } = this;
    const [x, y] = this.px(p);
    ctx.beginPath();
    ctx.moveTo(x - r, y - r);
    ctx.lineTo(x + r, y + r);
    ctx.moveTo(x - r, y + r);
    ctx.lineTo(x + r, y - r);
    this.stroke(color, 2);
  }

  /** Text next to a world point, offset by (dx, dy) pixels. */
  label(p: XY, text: string, color: string = COLORS.ink, dx = 8, dy = -8): void {
    const { ctx } = this;
    const [x, y] = this.px(p);
    ctx.font = "12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";
    ctx.textBaseline = "middle";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "rgba(255, 255, 255, 0.85)";
    ctx.strokeText(text, x + dx, y + dy);
    ctx.fillStyle = color;
    ctx.fillText(text, x + dx, y + dy);
  }

  /** A draggable handle. */
  handle(p: XY, label: string, active: boolean, knob = false): void {
    const { ctx } = this;
    const [x, y] = this.px(p);
    ctx.beginPath();
    if (knob) ctx.rect(x - 5, y - 5, 10, 10);
    else ctx.arc(x, y, 6, 0, Math.PI * 2);
    ctx.fillStyle = active ? COLORS.accent : COLORS.handle;
    ctx.fill();
    ctx.setLineDash([]);
    ctx.lineWidth = 2;
    ctx.strokeStyle = COLORS.ink;
    ctx.stroke();
    if (label) this.label(p, label, COLORS.ink, 9, 11);
  }
}
