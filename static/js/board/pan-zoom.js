// Pan and zoom of an SVG through its viewBox: mouse drag, wheel, pinch, keyboard. The maths
// (fitView, zoomView, keyStep) are plain functions of boxes {x, y, w, h} in board units.

// The whole board in a view of the screen's aspect (width / height), centred.
export function fitView(bounds, aspect) {
  let w = bounds.w,
    h = bounds.h;
  const a = aspect > 0 ? aspect : bounds.w / bounds.h;
  if (w / h > a) h = w / a;
  else w = h * a;
  return { x: bounds.x - (w - bounds.w) / 2, y: bounds.y - (h - bounds.h) / 2, w, h };
}

// The view zoomed by `factor` about the board point (cx, cy), between minW wide and four times
// the board's larger side.
export function zoomView(vb, bounds, factor, cx, cy, minW = 2) {
  const maxW = Math.max(bounds.w, bounds.h) * 4;
  const w = Math.min(maxW, Math.max(minW, vb.w / factor));
  const k = w / vb.w;
  return { x: cx - (cx - vb.x) * k, y: cy - (cy - vb.y) * k, w, h: vb.h * k };
}

// What a key does to the view: arrows pan a tenth of it (following the screen on a board turned
// half round), + and - zoom, 0 fits; null for another key.
export function keyStep(key, vb, flipped = false) {
  const step = ((flipped ? -1 : 1) * vb.w) / 10;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (moves[key]) return { pan: moves[key] };
  if (key === "+" || key === "=") return { zoom: 1.25 };
  if (key === "-" || key === "_") return { zoom: 0.8 };
  if (key === "0") return { fit: true };
  return null;
}

export class PanZoom {
  constructor(svg, bounds) {
    this.svg = svg;
    this.bounds = bounds;
    this.vb = { ...bounds };
    this.minW = 2;
    this.pointers = new Map();
    this.pinch = null;
    svg.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    this.userMoved = false;
    // The board's size on screen as the ResizeObserver last gave it (after the browser's own
    // layout): fitting and scaling read it instead of forcing a layout of the page each time.
    this.size = null;
    new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].borderBoxSize?.[0];
      if (box) this.size = { width: box.inlineSize, height: box.blockSize };
      this.resize();
    }).observe(svg);
  }

  // The board's size in screen pixels: the observed one, measured only before the first observation.
  rect() {
    if (this.size) return this.size;
    const r = this.svg.getBoundingClientRect();
    return { width: r.width, height: r.height };
  }

  // On a resize, fit again unless the person has zoomed or panned: then keep their centre and scale.
  resize() {
    if (!this.userMoved) {
      this.fit();
      return;
    }
    const rect = this.rect();
    if (!(rect.width > 0 && rect.height > 0) || !this.lastRect) {
      this.lastRect = rect;
      return;
    }
    const k = this.vb.w / this.lastRect.width; // board units per pixel, kept
    const cx = this.vb.x + this.vb.w / 2,
      cy = this.vb.y + this.vb.h / 2;
    const w = rect.width * k,
      h = rect.height * k;
    this.vb = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.lastRect = rect;
    this.apply();
  }

  setBounds(bounds) {
    const changed = JSON.stringify(bounds) !== JSON.stringify(this.bounds);
    this.bounds = bounds;
    if (changed) this.fit();
  }

  // Fit the whole board into the visible area, keeping the aspect ratio.
  fit() {
    const rect = this.rect();
    this.vb = fitView(this.bounds, rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 0);
    this.userMoved = false;
    this.lastRect = rect;
    this.apply();
  }

  apply() {
    const { x, y, w, h } = this.vb;
    this.svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    this.svg.dispatchEvent(new CustomEvent("viewchange"));
  }

  // Board coordinates of a client (screen) point.
  toBoard(clientX, clientY) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  zoom(factor, cx = this.vb.x + this.vb.w / 2, cy = this.vb.y + this.vb.h / 2) {
    this.vb = zoomView(this.vb, this.bounds, factor, cx, cy, this.minW);
    this.userMoved = true;
    this.apply();
  }

  pan(dx, dy) {
    this.vb.x += dx;
    this.vb.y += dy;
    this.userMoved = true;
    this.apply();
  }

  onWheel(e) {
    e.preventDefault();
    const p = this.toBoard(e.clientX, e.clientY);
    this.zoom(Math.exp(-e.deltaY * 0.0015), p.x, p.y);
  }

  // Keyboard: arrows pan a tenth of the view; + and - zoom; 0 fits. Returns true if handled.
  onKey(e) {
    const step = keyStep(e.key, this.vb, this.svg.classList.contains("flipped"));
    if (step?.pan) this.pan(...step.pan);
    else if (step?.zoom) this.zoom(step.zoom);
    else if (step?.fit) this.fit();
    return !!step;
  }

  // Background drag pans; two pointers pinch-zoom. Called by the board's pointer dispatcher.
  down(e) {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 2) this.pinch = this.pinchState();
  }

  move(e) {
    const last = this.pointers.get(e.pointerId);
    if (!last) return;
    if (this.pointers.size >= 2 && this.pinch) {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const now = this.pinchState();
      const centre = this.toBoard(now.cx, now.cy);
      this.zoom(now.dist / this.pinch.dist, centre.x, centre.y);
      const before = this.toBoard(this.pinch.cx, this.pinch.cy);
      const after = this.toBoard(now.cx, now.cy);
      this.pan(before.x - after.x, before.y - after.y);
      this.pinch = now;
      return;
    }
    const a = this.toBoard(last.x, last.y);
    const b = this.toBoard(e.clientX, e.clientY);
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.pan(a.x - b.x, a.y - b.y);
  }

  up(e) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
  }

  get active() {
    return this.pointers.size > 0;
  }

  pinchState() {
    const [a, b] = [...this.pointers.values()];
    return { dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
  }
}
