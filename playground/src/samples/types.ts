import type { XY } from "../format.ts";
import type { Camera, Draw } from "../view.ts";

/** A draggable point. */
export interface HandleSpec {
  id: string;
  /** Start position (for a knob: its angle in `angle`, and x, y are ignored). */
  x: number;
  y: number;
  /** Shown next to the handle. */
  label?: string;
  /** Moves along when this handle is dragged (e.g. a circle's rim follows its center). */
  follows?: string;
  /** A rotation knob: it sits `KNOB` units from `follows` at `angle` radians. */
  knob?: boolean;
  angle?: number;
  /** Hidden (and not draggable) for these option values. */
  hiddenWhen?: (options: Options) => boolean;
}

/** Distance of a rotation knob from its pivot, in world units. */
export const KNOB = 1.75;

/** Handle positions by id; knobs also have their angle in `angles`. */
export type Handles = Record<string, XY>;
export type Angles = Record<string, number>;
export type Options = Record<string, string>;

/** A one-click scenario: handles (and options, angles, camera) to set. */
export interface Preset {
  id: string;
  label: string;
  handles: Record<string, [number, number]>;
  angles?: Angles;
  options?: Options;
  camera?: Partial<Camera>;
  /** One sentence on what the exact answer is and why. */
  note?: string;
}

/** A drop-down. */
export interface OptionSpec {
  id: string;
  label: string;
  choices: readonly string[];
  value: string;
}

/** One row of the results table; `value` is the raw result (also in data-value as JSON). */
export interface Field {
  id: string;
  label: string;
  value: unknown;
  /** Text shown instead of the formatted value. */
  text?: string;
}

/** A library call the sample made, replayed by the browser tests in Node. */
export interface Call {
  module: "2d" | "3d";
  name: string;
  args: unknown[];
  result: unknown;
}

/** What a sample shows for the current handles. */
export interface Evaluation {
  /** Hit or miss; "error" when a constructor rejected the input. */
  hit: boolean | "error";
  fields: Field[];
  /** The line of code that produced the main result, and the import it needs. */
  code: string;
  imports: string;
  calls: Call[];
  error?: string;
  draw(d: Draw): void;
}

/** The input a sample's evaluate gets. */
export interface Input {
  h: Handles;
  angles: Angles;
  options: Options;
}

/** One page of the playground. */
export interface Sample {
  id: string;
  title: string;
  category: string;
  /** What the figure shows, one or two sentences. */
  blurb: string;
  handles: HandleSpec[];
  presets: Preset[];
  options?: OptionSpec[];
  camera?: Partial<Camera> & { span?: number };
  /** Adds an animated swing of handle `handle` around `pivot` (a ray sweeping across a line). */
  swing?: { handle: string; pivot: string };
  evaluate(input: Input): Evaluation;
}

/** Reads a handle, throwing a clear error for a typo in a sample. */
export function at(h: Handles, id: string): XY {
  const p = h[id];
  if (!p) throw new Error(`no handle ${id}`);
  return p;
}

/** Reads a knob angle. */
export function angleOf(a: Angles, id: string): number {
  return a[id] ?? 0;
}

/** The message of a thrown error. */
export function message(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
