import "./style.css";
import { num, pair, type XY } from "./format.ts";
import { SAMPLES } from "./samples/index.ts";
import {
  type Angles,
  type Evaluation,
  type Field,
  type Handles,
  KNOB,
  type Options,
  type Sample,
} from "./samples/types.ts";
import { type Camera, COLORS, Draw, View } from "./view.ts";

/*
 * The page: a menu of samples by category, the canvas with draggable handles, and the results
 * panel. Everything a test needs is in the DOM (data-testid) and on window.playground.
 */

const $ = <T extends HTMLElement>(sel: string): T => {
  const el = document.querySelector<T>(sel);
  if (!el) throw new Error(`missing ${sel}`);
  return el;
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const canvas = $<HTMLCanvasElement>("#canvas");
const ctx = canvas.getContext("2d")!;
const view = new View();
const draw = new Draw(ctx, view);

interface State {
  sample: Sample;
  handles: Handles;
  angles: Angles;
  options: Options;
  snap: boolean;
  note: string;
  drag: { id: string } | { pan: XY } | null;
  active: string | null;
  cursor: XY | null;
  swing: { t0: number; base: number; radius: number } | null;
  last: Evaluation | null;
}

const state: State = {
  sample: SAMPLES[0]!,
  handles: {},
  angles: {},
  options: {},
  snap: true,
  note: "",
  drag: null,
  active: null,
  cursor: null,
  swing: null,
  last: null,
};

// ---------------------------------------------------------------- handles

function visible(id: string): boolean {
  const spec = state.sample.handles.find((h) => h.id === id);
  return !!spec && !spec.hiddenWhen?.(state.options);
}

/** Puts every knob at KNOB units from its pivot, at its angle. */
function placeKnobs(): void {
  for (const spec of state.sample.handles) {
    if (!spec.knob || !spec.follows) continue;
    const p = state.handles[spec.follows]!;
    const a = state.angles[spec.id] ?? 0;
    state.handles[spec.id] = { x: p.x + KNOB * Math.cos(a), y: p.y + KNOB * Math.sin(a) };
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** k twelfths of a half turn, written as Math.PI / m or Math.PI * n / m in lowest terms. */
function twelfths(k: number): number {
  if (k === 0) return 0;
  const g = gcd(Math.abs(k), 12);
  const n = k / g;
  const m = 12 / g;
  return n === 1 ? Math.PI / m : n === -1 ? -Math.PI / m : (Math.PI * n) / m;
}

function snapAngle(a: number): number {
  return state.snap ? twelfths(Math.round(a / (Math.PI / 12))) : a;
}

function snapPoint(p: XY): XY {
  return state.snap ? { x: view.snap(p.x), y: view.snap(p.y) } : p;
}

/** Moves handle `id` to `to` (a knob turns toward it); its followers move along. */
function moveHandle(id: string, to: XY): void {
  const spec = state.sample.handles.find((h) => h.id === id);
  if (!spec) return;
  if (spec.knob && spec.follows) {
    const p = state.handles[spec.follows]!;
    state.angles[id] = snapAngle(Math.atan2(to.y - p.y, to.x - p.x));
  } else {
    const from = state.handles[id]!;
    const next = snapPoint(to);
    const dx = next.x - from.x;
    const dy = next.y - from.y;
    state.handles[id] = next;
    for (const f of state.sample.handles) {
      if (f.follows === id && !f.knob) {
        const q = state.handles[f.id]!;
        state.handles[f.id] = snapPoint({ x: q.x + dx, y: q.y + dy });
      }
    }
  }
  placeKnobs();
}

function nearestHandle(px: number, py: number): string | null {
  let best: string | null = null;
  let bestD = 12;
  // Later handles are drawn on top, so they win ties.
  for (const spec of state.sample.handles) {
    if (!visible(spec.id)) continue;
    const h = state.handles[spec.id]!;
    const [x, y] = view.toPx(h.x, h.y);
    const d = Math.hypot(x - px, y - py);
    if (d <= bestD) {
      bestD = d;
      best = spec.id;
    }
  }
  return best;
}

// ---------------------------------------------------------------- selection

/** Reads the canvas size into the view. */
function measure(): void {
  view.width = canvas.clientWidth || view.width;
  view.height = canvas.clientHeight || view.height;
}

function setCamera(c: Partial<Camera> & { span?: number }): void {
  measure();
  view.x = c.x ?? 0;
  view.y = c.y ?? 0;
  view.scale = c.scale ?? Math.max(10, Math.min(view.width, view.height) / (c.span ?? 14));
}

function select(id: string, presetId?: string): void {
  const sample = SAMPLES.find((s) => s.id === id) ?? SAMPLES[0]!;
  state.sample = sample;
  state.handles = {};
  state.angles = {};
  state.options = {};
  state.swing = null;
  state.note = "";
  for (const o of sample.options ?? []) state.options[o.id] = o.value;
  for (const h of sample.handles) {
    state.handles[h.id] = { x: h.x, y: h.y };
    if (h.knob) state.angles[h.id] = h.angle ?? 0;
  }
  placeKnobs();
  setCamera(sample.camera ?? {});
  if (location.hash !== `#${sample.id}`) history.replaceState(null, "", `#${sample.id}`);
  buildPanel();
  for (const a of document.querySelectorAll<HTMLAnchorElement>("#menu a")) {
    a.classList.toggle("current", a.dataset["sample"] === sample.id);
  }
  if (presetId) applyPreset(presetId);
  else update();
}

function applyPreset(id: string): void {
  const p = state.sample.presets.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id} in ${state.sample.id}`);
  state.swing = null;
  Object.assign(state.options, p.options ?? {});
  for (const [k, [x, y]] of Object.entries(p.handles)) state.handles[k] = { x, y };
  Object.assign(state.angles, p.angles ?? {});
  placeKnobs();
  setCamera({ ...(state.sample.camera ?? {}), ...(p.camera ?? {}) });
  syncOptions();
  state.note = p.note ?? "";
  update();
}

// ---------------------------------------------------------------- panel

let fieldsBody: HTMLTableSectionElement;

function syncOptions(): void {
  for (const s of document.querySelectorAll<HTMLSelectElement>("#options select")) {
    const v = state.options[s.dataset["option"] ?? ""];
    if (v !== undefined) s.value = v;
  }
}

function buildPanel(): void {
  const s = state.sample;
  $("#title").textContent = s.title;
  $("#blurb").textContent = s.blurb;
  const options = $("#options");
  options.replaceChildren();
  for (const o of s.options ?? []) {
    const label = el("label", {}, `${o.label} `);
    const select = el("select", { "data-testid": `option-${o.id}`, "data-option": o.id });
    for (const c of o.choices) select.append(el("option", { value: c }, c));
    select.value = state.options[o.id] ?? o.value;
    select.addEventListener("change", () => {
      state.options[o.id] = select.value;
      state.note = "";
      update();
    });
    label.append(select);
    options.append(label);
  }
  const presets = $("#presets");
  presets.replaceChildren();
  for (const p of s.presets) {
    const b = el("button", { type: "button", "data-testid": `preset-${p.id}` }, p.label);
    if (p.note) b.title = p.note;
    b.addEventListener("click", () => applyPreset(p.id));
    presets.append(b);
  }
  const swing = $<HTMLButtonElement>("#swing");
  swing.hidden = !s.swing;
  swing.textContent = "swing";
  fieldsBody = $<HTMLTableSectionElement>("#fields tbody");
}

function formatValue(f: Field): string {
  if (f.text !== undefined) return f.text;
  const v = f.value;
  if (v === null || v === undefined) return "—";
  if (typeof v === "number") return num(v);
  if (typeof v === "boolean") return String(v);
  if (typeof v === "object" && v !== null && "x" in v && "y" in v) return pair(v as XY);
  return JSON.stringify(v);
}

function renderPanel(ev: Evaluation): void {
  const verdict = $("#verdict");
  const label = ev.hit === "error" ? "invalid input" : ev.hit ? "hit" : "miss";
  verdict.textContent = label;
  verdict.dataset["hit"] = String(ev.hit);
  verdict.className = `verdict ${ev.hit === "error" ? "error" : ev.hit ? "hit" : "miss"}`;
  const rows = ev.fields.map((f) => {
    const tr = el("tr");
    tr.append(el("th", {}, f.label));
    const td = el("td", { "data-testid": f.id, "data-value": JSON.stringify(f.value ?? null) });
    td.textContent = formatValue(f);
    if (f.value === true) td.className = "yes";
    tr.append(td);
    return tr;
  });
  fieldsBody.replaceChildren(...rows);
  const err = $("#error");
  err.textContent = ev.error ?? "";
  err.hidden = !ev.error;
  const note = $("#note");
  note.textContent = state.note;
  note.hidden = !state.note;
  $("#imports").textContent = ev.imports;
  $("#code").textContent = ev.code;
}

// ---------------------------------------------------------------- drawing

function render(): void {
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  measure();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = "#fbfbf8";
  ctx.fillRect(0, 0, w, h);
  draw.grid();
  state.last?.draw(draw);
  for (const spec of state.sample.handles) {
    if (!visible(spec.id)) continue;
    const p = state.handles[spec.id]!;
    if (spec.knob && spec.follows) draw.segment(state.handles[spec.follows]!, p, COLORS.faint, 1);
    draw.handle(p, spec.label ?? "", state.active === spec.id, spec.knob);
  }
  const hud = $("#hud");
  const c = state.cursor;
  hud.textContent = `${c ? `x ${num(c.x)}  y ${num(c.y)}   ` : ""}grid ${num(view.step())}  ·  ${Math.round(view.scale)} px/unit`;
}

function update(): void {
  try {
    state.last = state.sample.evaluate({
      h: state.handles,
      angles: state.angles,
      options: state.options,
    });
  } catch (e) {
    console.error(e);
    state.last = {
      hit: "error",
      error: String(e),
      fields: [],
      code: "",
      imports: "",
      calls: [],
      draw() {},
    };
  }
  renderPanel(state.last);
  render();
}

// ---------------------------------------------------------------- input

function local(e: MouseEvent): [number, number] {
  const r = canvas.getBoundingClientRect();
  return [e.clientX - r.left, e.clientY - r.top];
}

canvas.addEventListener("pointerdown", (e) => {
  if (e.button !== 0 && e.button !== 1) return;
  const [px, py] = local(e);
  const id = e.button === 0 ? nearestHandle(px, py) : null;
  canvas.setPointerCapture(e.pointerId);
  state.swing = null;
  if (id) {
    state.drag = { id };
    state.active = id;
    state.note = "";
  } else {
    state.drag = { pan: view.toWorld(px, py) };
  }
  render();
});

canvas.addEventListener("pointermove", (e) => {
  const [px, py] = local(e);
  const w = view.toWorld(px, py);
  state.cursor = snapPoint(w);
  const d = state.drag;
  if (d && "id" in d) {
    moveHandle(d.id, w);
    update();
    return;
  }
  if (d && "pan" in d) {
    view.x += d.pan.x - w.x;
    view.y += d.pan.y - w.y;
  } else {
    state.active = nearestHandle(px, py);
    canvas.style.cursor = state.active ? "grab" : "default";
  }
  render();
});

const endDrag = (): void => {
  state.drag = null;
  render();
};
canvas.addEventListener("pointerup", endDrag);
canvas.addEventListener("pointercancel", endDrag);
canvas.addEventListener("pointerleave", () => {
  state.cursor = null;
  render();
});

canvas.addEventListener(
  "wheel",
  (e) => {
    e.preventDefault();
    const [px, py] = local(e);
    const before = view.toWorld(px, py);
    view.scale = Math.min(1e6, Math.max(1, view.scale * Math.exp(-e.deltaY * 0.0015)));
    const after = view.toWorld(px, py);
    view.x += before.x - after.x;
    view.y += before.y - after.y;
    render();
  },
  { passive: false },
);

$<HTMLInputElement>("#snap").addEventListener("change", (e) => {
  state.snap = (e.target as HTMLInputElement).checked;
});

$("#reset-view").addEventListener("click", () => {
  setCamera(state.sample.camera ?? {});
  render();
});

$("#copy").addEventListener("click", () => {
  const text = `${$("#imports").textContent}\n${$("#code").textContent}`;
  const done = (msg: string): void => {
    $("#copy").textContent = msg;
    setTimeout(() => {
      $("#copy").textContent = "copy";
    }, 1200);
  };
  navigator.clipboard?.writeText(text).then(
    () => done("copied"),
    () => {
      const range = document.createRange();
      range.selectNodeContents($("#codeblock"));
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      done("selected");
    },
  );
});

$("#swing").addEventListener("click", () => {
  const sw = state.sample.swing;
  if (!sw) return;
  if (state.swing) {
    state.swing = null;
    return;
  }
  const o = state.handles[sw.pivot]!;
  const d = state.handles[sw.handle]!;
  state.swing = {
    t0: performance.now(),
    base: Math.atan2(d.y - o.y, d.x - o.x),
    radius: Math.hypot(d.x - o.x, d.y - o.y) || 2,
  };
  requestAnimationFrame(tick);
});

function tick(now: number): void {
  const s = state.swing;
  const sw = state.sample.swing;
  $("#swing").textContent = s ? "stop" : "swing";
  if (!s || !sw) return;
  const o = state.handles[sw.pivot]!;
  const a = s.base + 1.2 * Math.sin((now - s.t0) / 900);
  state.handles[sw.handle] = { x: o.x + s.radius * Math.cos(a), y: o.y + s.radius * Math.sin(a) };
  update();
  requestAnimationFrame(tick);
}

new ResizeObserver(() => render()).observe(canvas);
window.addEventListener("hashchange", () => {
  const id = location.hash.slice(1);
  if (id !== state.sample.id) select(id);
});

// ---------------------------------------------------------------- menu and API

function buildMenu(): void {
  const menu = $("#menu-list");
  const cats = [...new Set(SAMPLES.map((s) => s.category))];
  for (const cat of cats) {
    menu.append(el("h2", {}, cat));
    const ul = el("ul");
    for (const s of SAMPLES.filter((x) => x.category === cat)) {
      const a = el(
        "a",
        { href: `#${s.id}`, "data-sample": s.id, "data-testid": `menu-${s.id}` },
        s.title,
      );
      const li = el("li");
      li.append(a);
      ul.append(li);
    }
    menu.append(ul);
  }
}

/** The canvas rectangle and camera: page = (left + width/2 + (x - cx) scale, top + height/2 - (y - cy) scale). */
function viewInfo() {
  const r = canvas.getBoundingClientRect();
  return {
    x: view.x,
    y: view.y,
    scale: view.scale,
    left: r.left,
    top: r.top,
    width: r.width,
    height: r.height,
  };
}

const api = {
  /** Sample ids in menu order. */
  samples: SAMPLES.map((s) => s.id),
  /** The current sample's id. */
  sample: (): string => state.sample.id,
  /** Shows a sample (and optionally applies one of its presets). */
  select: (id: string, preset?: string): void => select(id, preset),
  /** Applies a preset of the current sample. */
  preset: (id: string): void => applyPreset(id),
  /** Preset ids of the current sample. */
  presets: (): string[] => state.sample.presets.map((p) => p.id),
  /** Handle positions (knobs included) in world units. */
  handles: (): Handles => structuredClone(state.handles),
  /** Knob angles in radians. */
  angles: (): Angles => ({ ...state.angles }),
  /** Current drop-down values. */
  options: (): Options => ({ ...state.options }),
  /** Moves handles (no snapping) and knobs (angles), then recomputes. */
  setHandles(positions: Record<string, [number, number] | XY>, angles: Angles = {}): void {
    for (const [k, v] of Object.entries(positions)) {
      state.handles[k] = Array.isArray(v) ? { x: v[0], y: v[1] } : { x: v.x, y: v.y };
    }
    Object.assign(state.angles, angles);
    placeKnobs();
    update();
  },
  /** Sets drop-downs, then recomputes. */
  setOptions(o: Options): void {
    Object.assign(state.options, o);
    syncOptions();
    update();
  },
  /** Moves the camera (x, y at the canvas center; scale in px per unit). */
  setCamera(c: Partial<Camera>): void {
    Object.assign(view, c);
    render();
  },
  /** See viewInfo. */
  view: viewInfo,
  /** Page (viewport CSS px, as page.mouse uses) of a world point. */
  worldToPage(x: number, y: number): XY {
    const v = viewInfo();
    return {
      x: v.left + v.width / 2 + (x - v.x) * v.scale,
      y: v.top + v.height / 2 - (y - v.y) * v.scale,
    };
  },
  /** World point under a page position. */
  pageToWorld(x: number, y: number): XY {
    const v = viewInfo();
    return {
      x: v.x + (x - v.left - v.width / 2) / v.scale,
      y: v.y - (y - v.top - v.height / 2) / v.scale,
    };
  },
  /** What the panel shows, plus every library call behind it (arguments and raw results). */
  result() {
    const ev = state.last!;
    return {
      hit: ev.hit,
      error: ev.error ?? null,
      code: ev.code,
      imports: ev.imports,
      fields: Object.fromEntries(ev.fields.map((f) => [f.id, f.value ?? null])),
      calls: structuredClone(ev.calls),
    };
  },
  ready: false,
};

declare global {
  interface Window {
    playground: typeof api;
  }
}
window.playground = api;

buildMenu();
select(location.hash.slice(1));
api.ready = true;
