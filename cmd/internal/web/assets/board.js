// The board: a canvas onto an unbounded grid that draws only what is in
// view, with pan and zoom by mouse, touch and keyboard, and a keyboard
// cursor for play without a pointer.

import { DOT_CELL, drawMark, lookOf } from './players.js';
import { cellKey } from './rules.js';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
// Far enough out to see the whole 2³² × 2³² plane on a screen.
const MIN_CELL = 1e-7;
const MAX_CELL = 96;
const RULER = 20; // px: height of the column ruler; the row ruler's width fits its labels
const DRAG_SLOP = { mouse: 4, pen: 6, touch: 10 };
const NICE_STEPS = [1, 2, 5];

const BOARD_BG = '#f4ead5';
const OFF_BOARD_BG = '#cfc6b4';
const GRID = '#b89d6c';
// A cell forbidden to black: a "no entry" sign in purple, a colour and a
// shape no player's mark has (player 1's mark is a cross).
const FORBIDDEN = '#7b1fa2';
const RULER_BG = 'rgba(255, 255, 255, 0.9)';
const RULER_TEXT = '#333';

function clamp(x, lo, hi) {
  return Math.min(hi, Math.max(lo, x));
}

// The smallest of 1, 10, 100… that is at least x.
function niceTen(x) {
  let step = 1;
  while (step < x) step *= 10;
  return step;
}

// The smallest of 1, 2, 5, 10, 20, 50… that is at least x.
function niceStep(x) {
  for (let scale = 1; ; scale *= 10) {
    for (const s of NICE_STEPS) if (s * scale >= x) return s * scale;
  }
}

export class BoardView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onActivate?: (row: number, col: number) => void,
   *          onOffBoard?: () => void,
   *          onPointerCell?: (cell: {row: number, col: number} | null) => void,
   *          onCursor?: (cell: {row: number, col: number}) => void}} handlers
   */
  constructor(canvas, handlers = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.handlers = handlers;
    this.cx = 0.5; // world x (column) at the canvas centre
    this.cy = 0.5; // world y (row) at the canvas centre
    this.cell = 34; // px per cell
    this.rows = 0;
    this.cols = 0;
    this.moves = [];
    this.shown = 0;
    this.cells = new Map();
    this.lastMove = null;
    this.winLine = null;
    this.pending = null;
    this.forbidden = new Map(); // cellKey → foul: cells renju forbids to black
    this.preview = 0; // the player whose symbol follows the pointer, 0 for none
    this.hover = null;
    this.cursor = { row: 0, col: 0 };
    this.cursorShown = false;
    this.width = 0;
    this.height = 0;
    this.pointers = new Map();
    this.gesture = null;
    this.frame = 0;

    canvas.addEventListener('pointerdown', (e) => this.pointerDown(e));
    canvas.addEventListener('pointermove', (e) => this.pointerMove(e));
    canvas.addEventListener('pointerup', (e) => this.pointerUp(e));
    canvas.addEventListener('pointercancel', (e) => this.pointerCancel(e));
    canvas.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') this.setHover(null);
    });
    canvas.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    canvas.addEventListener('keydown', (e) => this.keyDown(e));
    canvas.addEventListener('blur', () => this.invalidate());
    // Focus from the keyboard shows the cursor at once, so that Enter never
    // plays on a cell the player has not seen.
    canvas.addEventListener('focus', () => {
      if (canvas.matches(':focus-visible')) this.cursorShown = true;
      this.invalidate();
    });
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize();
  }

  /** Sets the board's bounds; 0 × 0 is unbounded. */
  setBounds(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.cursor = this.clampCell(this.cursor);
    this.invalidate();
  }

  get bounded() {
    return this.rows > 0 && this.cols > 0;
  }

  /**
   * Shows the first `shown` of moves. lastMove, winLine ([[r, c], [r, c]])
   * and pending ({row, col, player}) are drawn over them when given, and
   * a cross on each of the forbidden cells (a Map keyed by cellKey).
   */
  setPosition({ moves, shown = moves.length, cells, lastMove = null, winLine = null, pending = null, forbidden = new Map() }) {
    this.moves = moves;
    this.shown = shown;
    this.cells = cells;
    this.lastMove = lastMove;
    this.winLine = winLine;
    this.pending = pending;
    this.forbidden = forbidden;
    this.invalidate();
  }

  setPreview(player) {
    this.preview = player;
    this.invalidate();
  }

  // ---- coordinates ----

  toScreen(row, col) {
    return {
      x: (col - this.cx) * this.cell + this.width / 2,
      y: (row - this.cy) * this.cell + this.height / 2,
    };
  }

  cellAt(px, py) {
    const col = Math.floor((px - this.width / 2) / this.cell + this.cx);
    const row = Math.floor((py - this.height / 2) / this.cell + this.cy);
    if (!this.onBoard(row, col)) return null;
    return { row, col };
  }

  onBoard(row, col) {
    if (row < INT32_MIN || row > INT32_MAX || col < INT32_MIN || col > INT32_MAX) return false;
    return !this.bounded || (row >= 0 && row < this.rows && col >= 0 && col < this.cols);
  }

  clampCell({ row, col }) {
    if (this.bounded) return { row: clamp(row, 0, this.rows - 1), col: clamp(col, 0, this.cols - 1) };
    return { row: clamp(row, INT32_MIN, INT32_MAX), col: clamp(col, INT32_MIN, INT32_MAX) };
  }

  /** Where the centre of cell (row, col) is in the page's client coordinates. */
  cellToClient(row, col) {
    const rect = this.canvas.getBoundingClientRect();
    const p = this.toScreen(row + 0.5, col + 0.5);
    return {
      x: rect.left + p.x,
      y: rect.top + p.y,
      visible: p.x >= this.rowRulerWidth() && p.x < this.width && p.y >= RULER && p.y < this.height,
    };
  }

  /** The cells in view, inclusive, clamped to the board. */
  visibleRange() {
    let c0 = Math.floor(this.cx - this.width / 2 / this.cell);
    let c1 = Math.floor(this.cx + this.width / 2 / this.cell);
    let r0 = Math.floor(this.cy - this.height / 2 / this.cell);
    let r1 = Math.floor(this.cy + this.height / 2 / this.cell);
    const [rmin, rmax, cmin, cmax] = this.bounded
      ? [0, this.rows - 1, 0, this.cols - 1]
      : [INT32_MIN, INT32_MAX, INT32_MIN, INT32_MAX];
    r0 = Math.max(r0, rmin); r1 = Math.min(r1, rmax);
    c0 = Math.max(c0, cmin); c1 = Math.min(c1, cmax);
    return { r0, r1, c0, c1 };
  }

  // ---- view changes ----

  setCentre(x, y) {
    this.cx = clamp(x, INT32_MIN, INT32_MAX + 1);
    this.cy = clamp(y, INT32_MIN, INT32_MAX + 1);
    this.invalidate();
  }

  /** Centres the view on a cell. */
  centreOn(row, col) {
    this.setCentre(col + 0.5, row + 0.5);
  }

  /** Multiplies the cell size by f, keeping the point (px, py) still. */
  zoomBy(f, px = this.width / 2, py = this.height / 2) {
    const next = clamp(this.cell * f, MIN_CELL, MAX_CELL);
    const wx = (px - this.width / 2) / this.cell + this.cx;
    const wy = (py - this.height / 2) / this.cell + this.cy;
    this.cell = next;
    this.setCentre(wx - (px - this.width / 2) / next, wy - (py - this.height / 2) / next);
  }

  panBy(dxPx, dyPx) {
    this.setCentre(this.cx + dxPx / this.cell, this.cy + dyPx / this.cell);
  }

  /** Fits the shown marks (or the bounded board when empty) in view. */
  fitAll() {
    let r0 = Infinity, r1 = -Infinity, c0 = Infinity, c1 = -Infinity;
    for (let i = 0; i < this.shown; i++) {
      const m = this.moves[i];
      r0 = Math.min(r0, m.row); r1 = Math.max(r1, m.row);
      c0 = Math.min(c0, m.col); c1 = Math.max(c1, m.col);
    }
    if (r0 === Infinity) {
      if (this.bounded) [r0, r1, c0, c1] = [0, this.rows - 1, 0, this.cols - 1];
      else [r0, r1, c0, c1] = [-4, 4, -4, 4];
    }
    const w = c1 - c0 + 3;
    const h = r1 - r0 + 3;
    this.cell = clamp(Math.min((this.width - this.rowRulerWidth()) / w, (this.height - RULER) / h), MIN_CELL, 48);
    this.setCentre((c0 + c1 + 1) / 2, (r0 + r1 + 1) / 2);
  }

  moveCursor(dr, dc) {
    this.cursor = this.clampCell({ row: this.cursor.row + dr, col: this.cursor.col + dc });
    this.cursorShown = true;
    this.keepInView(this.cursor);
    this.handlers.onCursor?.(this.cursor);
    this.invalidate();
  }

  setCursor(row, col) {
    this.cursor = this.clampCell({ row, col });
    this.keepInView(this.cursor);
    this.invalidate();
  }

  // Pans just enough for the cell to be in view with a margin of one cell.
  keepInView({ row, col }) {
    const p = this.toScreen(row, col);
    const left = this.rowRulerWidth() + this.cell;
    const top = RULER + this.cell;
    let dx = 0, dy = 0;
    if (p.x < left) dx = p.x - left;
    else if (p.x + 2 * this.cell > this.width) dx = p.x + 2 * this.cell - this.width;
    if (p.y < top) dy = p.y - top;
    else if (p.y + 2 * this.cell > this.height) dy = p.y + 2 * this.cell - this.height;
    if (dx || dy) this.panBy(dx, dy);
  }

  // ---- input ----

  localPoint(e) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  pointerDown(e) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    this.canvas.setPointerCapture(e.pointerId);
    const p = this.localPoint(e);
    this.pointers.set(e.pointerId, p);
    if (this.pointers.size === 1) {
      this.gesture = { kind: 'press', start: p, cx: this.cx, cy: this.cy, slop: DRAG_SLOP[e.pointerType] ?? 6 };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: 'pinch', dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, cell: this.cell, mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
    }
  }

  pointerMove(e) {
    const p = this.localPoint(e);
    if (e.pointerType === 'mouse' && this.pointers.size === 0) this.setHover(this.cellAt(p.x, p.y));
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.set(e.pointerId, p);
    const g = this.gesture;
    if (!g) return;
    if (g.kind === 'press' && Math.hypot(p.x - g.start.x, p.y - g.start.y) > g.slop) g.kind = 'drag';
    if (g.kind === 'drag') {
      this.setCentre(g.cx - (p.x - g.start.x) / this.cell, g.cy - (p.y - g.start.y) / this.cell);
    } else if (g.kind === 'pinch' && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.panBy(g.mid.x - mid.x, g.mid.y - mid.y);
      g.mid = mid;
      this.zoomBy((g.cell * dist) / g.dist / this.cell, mid.x, mid.y);
    }
  }

  pointerUp(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.delete(e.pointerId);
    const g = this.gesture;
    if (this.pointers.size > 0) {
      // One finger of a pinch lifted: the other may drag on, never click.
      const [id, p] = [...this.pointers.entries()][0];
      this.gesture = { kind: 'drag', start: p, cx: this.cx, cy: this.cy, slop: 0, id };
      return;
    }
    this.gesture = null;
    if (g && g.kind === 'press') {
      const p = this.localPoint(e);
      if (p.y < RULER || p.x < this.rowRulerWidth()) return;
      const cell = this.cellAt(p.x, p.y);
      if (!cell) {
        this.handlers.onOffBoard?.();
        return;
      }
      this.cursor = cell;
      this.cursorShown = false;
      this.invalidate();
      this.handlers.onActivate?.(cell.row, cell.col);
    }
  }

  pointerCancel(e) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size === 0) this.gesture = null;
  }

  wheel(e) {
    e.preventDefault();
    const p = this.localPoint(e);
    if (e.ctrlKey || Math.abs(e.deltaY) >= Math.abs(e.deltaX)) {
      // A mouse wheel, or a trackpad pinch (which browsers send with ctrlKey).
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      this.zoomBy(Math.exp((-e.deltaY * unit) / 400), p.x, p.y);
    } else {
      this.panBy(e.deltaX, 0);
    }
  }

  keyDown(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const step = arrows[e.key];
    if (step) {
      e.preventDefault();
      if (e.shiftKey) this.panBy(step[1] * this.width / 4, step[0] * this.height / 4);
      else this.moveCursor(step[0], step[1]);
      return;
    }
    switch (e.key) {
      case 'Enter':
      case ' ':
        e.preventDefault();
        this.cursorShown = true;
        this.invalidate();
        this.handlers.onActivate?.(this.cursor.row, this.cursor.col);
        break;
      case '+':
      case '=':
        e.preventDefault();
        this.zoomBy(1.25);
        break;
      case '-':
      case '_':
        e.preventDefault();
        this.zoomBy(0.8);
        break;
    }
  }

  setHover(cell) {
    const same = cell && this.hover && cell.row === this.hover.row && cell.col === this.hover.col;
    if (same || (!cell && !this.hover)) return;
    this.hover = cell;
    this.handlers.onPointerCell?.(cell);
    this.invalidate();
  }

  // ---- drawing ----

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    this.width = Math.max(1, rect.width);
    this.height = Math.max(1, rect.height);
    this.canvas.width = Math.round(this.width * dpr);
    this.canvas.height = Math.round(this.height * dpr);
    this.draw();
  }

  invalidate() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  rowRulerWidth() {
    const { r0, r1 } = this.visibleRange();
    this.ctx.font = '11px system-ui, sans-serif';
    const w = Math.max(this.ctx.measureText(String(r0)).width, this.ctx.measureText(String(r1)).width);
    return Math.ceil(w) + 8;
  }

  draw() {
    const ctx = this.ctx;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const W = this.width, H = this.height, s = this.cell;
    const range = this.visibleRange();
    const { r0, r1, c0, c1 } = range;

    ctx.fillStyle = this.bounded ? OFF_BOARD_BG : BOARD_BG;
    ctx.fillRect(0, 0, W, H);
    if (r0 > r1 || c0 > c1) {
      this.drawRulers(range);
      return;
    }
    const tl = this.toScreen(r0, c0);
    const br = this.toScreen(r1 + 1, c1 + 1);
    if (this.bounded) {
      ctx.fillStyle = BOARD_BG;
      ctx.fillRect(tl.x, tl.y, br.x - tl.x, br.y - tl.y);
    }
    this.drawGrid(range, tl, br);

    this.drawMarks(range);
    this.drawForbidden(range);

    if (this.pending) this.drawCellMark(this.pending.player, this.pending.row, this.pending.col, 0.4);
    if (this.preview && this.hover && !this.cells.has(cellKey(this.hover.row, this.hover.col))) {
      this.drawCellMark(this.preview, this.hover.row, this.hover.col, 0.25);
    }
    if (this.lastMove) {
      // A frame around the cell, never smaller than 12 px so that it
      // stays findable when the marks are dots.
      const c = this.toScreen(this.lastMove.row + 0.5, this.lastMove.col + 0.5);
      const side = Math.max(12, s - 2 * Math.min(2, s * 0.08));
      ctx.strokeStyle = '#c00000';
      ctx.lineWidth = Math.max(1.5, s * 0.07);
      ctx.strokeRect(c.x - side / 2, c.y - side / 2, side, side);
    }
    if (this.winLine) this.drawWinLine();
    if (this.cursorShown && document.activeElement === this.canvas) {
      const p = this.toScreen(this.cursor.row, this.cursor.col);
      ctx.save();
      ctx.setLineDash([4, 3]);
      ctx.strokeStyle = '#111';
      ctx.lineWidth = 2;
      ctx.strokeRect(p.x + 1, p.y + 1, s - 2, s - 2);
      ctx.restore();
    }
    this.drawRulers(range);
  }

  drawGrid({ r0, r1, c0, c1 }, tl, br) {
    const ctx = this.ctx, s = this.cell;
    // Lines at least 8 px apart: below that a line per cell would be a
    // grey wash, so every 10th, 100th… is drawn instead.
    const every = niceTen(8 / s);
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let c = Math.ceil(c0 / every) * every; c <= c1 + 1; c += every) {
      const x = Math.round(this.toScreen(0, c).x) + 0.5;
      ctx.moveTo(x, tl.y); ctx.lineTo(x, br.y);
    }
    for (let r = Math.ceil(r0 / every) * every; r <= r1 + 1; r += every) {
      const y = Math.round(this.toScreen(r, 0).y) + 0.5;
      ctx.moveTo(tl.x, y); ctx.lineTo(br.x, y);
    }
    ctx.stroke();
    // The origin's lines are darker so a player can find home.
    if (!this.bounded && s >= 8) {
      ctx.strokeStyle = '#8a6d3b';
      ctx.beginPath();
      if (c0 <= 0 && 0 <= c1 + 1) {
        const x = Math.round(this.toScreen(0, 0).x) + 0.5;
        ctx.moveTo(x, tl.y); ctx.lineTo(x, br.y);
      }
      if (r0 <= 0 && 0 <= r1 + 1) {
        const y = Math.round(this.toScreen(0, 0).y) + 0.5;
        ctx.moveTo(tl.x, y); ctx.lineTo(br.x, y);
      }
      ctx.stroke();
    }
  }

  // Draws the marks in view, visiting whichever is fewer: the cells in
  // view, or the marks. Zoomed far out, marks are dots, filled one path
  // per player instead of one call per mark.
  drawMarks({ r0, r1, c0, c1 }) {
    const s = this.cell;
    const dots = s < DOT_CELL ? new Map() : null;
    const mark = (p, row, col) => {
      if (!dots) {
        this.drawCellMark(p, row, col);
        return;
      }
      let path = dots.get(p);
      if (!path) dots.set(p, (path = new Path2D()));
      const q = this.toScreen(row + 0.5, col + 0.5);
      const d = Math.max(2, s - 1);
      path.rect(q.x - d / 2, q.y - d / 2, d, d);
    };
    const area = (r1 - r0 + 1) * (c1 - c0 + 1);
    if (area <= this.shown) {
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const p = this.cells.get(cellKey(r, c));
          if (p) mark(p, r, c);
        }
      }
    } else {
      for (let i = 0; i < this.shown; i++) {
        const m = this.moves[i];
        if (m.row >= r0 && m.row <= r1 && m.col >= c0 && m.col <= c1) mark(m.player, m.row, m.col);
      }
    }
    if (dots) {
      for (const [p, path] of [...dots].sort((a, b) => a[0] - b[0])) {
        this.ctx.fillStyle = lookOf(p).colour;
        this.ctx.fill(path);
      }
    }
  }

  // A "no entry" sign, a circle with a slash, on each forbidden cell in
  // view.
  drawForbidden({ r0, r1, c0, c1 }) {
    if (this.forbidden.size === 0) return;
    const ctx = this.ctx, s = this.cell;
    const rad = Math.max(2, s * 0.26);
    const d = rad * Math.SQRT1_2;
    ctx.save();
    ctx.strokeStyle = FORBIDDEN;
    ctx.lineWidth = Math.max(1.5, s * 0.07);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (const key of this.forbidden.keys()) {
      const [row, col] = key.split(',').map(Number);
      if (row < r0 || row > r1 || col < c0 || col > c1) continue;
      const p = this.toScreen(row + 0.5, col + 0.5);
      ctx.moveTo(p.x + rad, p.y);
      ctx.arc(p.x, p.y, rad, 0, 2 * Math.PI);
      ctx.moveTo(p.x - d, p.y - d); ctx.lineTo(p.x + d, p.y + d);
    }
    ctx.stroke();
    ctx.restore();
  }

  drawCellMark(player, row, col, alpha = 1) {
    const p = this.toScreen(row + 0.5, col + 0.5);
    drawMark(this.ctx, player, p.x, p.y, this.cell, alpha);
  }

  drawWinLine() {
    const ctx = this.ctx;
    const [[ra, ca], [rb, cb]] = this.winLine;
    const a = this.toScreen(ra + 0.5, ca + 0.5);
    const b = this.toScreen(rb + 0.5, cb + 0.5);
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const ext = this.cell * 0.4;
    const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
    ctx.save();
    ctx.lineCap = 'round';
    ctx.strokeStyle = 'rgba(192, 0, 0, 0.55)';
    ctx.lineWidth = Math.max(3, this.cell * 0.22);
    ctx.beginPath();
    ctx.moveTo(a.x - ux * ext, a.y - uy * ext);
    ctx.lineTo(b.x + ux * ext, b.y + uy * ext);
    ctx.stroke();
    ctx.restore();
  }

  drawRulers({ r0, r1, c0, c1 }) {
    const ctx = this.ctx, s = this.cell, W = this.width, H = this.height;
    const left = this.rowRulerWidth();
    ctx.fillStyle = RULER_BG;
    ctx.fillRect(0, 0, W, RULER);
    ctx.fillRect(0, 0, left, H);
    ctx.fillStyle = RULER_TEXT;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    if (c0 <= c1) {
      const widest = Math.max(ctx.measureText(String(c0)).width, ctx.measureText(String(c1)).width);
      const step = niceStep((widest + 10) / s);
      ctx.textAlign = 'center';
      for (let c = Math.ceil(c0 / step) * step; c <= c1; c += step) {
        const x = this.toScreen(0, c + 0.5).x;
        if (x > left + 4) ctx.fillText(String(c), x, RULER / 2);
      }
    }
    if (r0 <= r1) {
      const step = niceStep(16 / s);
      ctx.textAlign = 'right';
      for (let r = Math.ceil(r0 / step) * step; r <= r1; r += step) {
        const y = this.toScreen(r + 0.5, 0).y;
        if (y > RULER + 4) ctx.fillText(String(r), left - 4, y);
      }
    }
    ctx.fillStyle = RULER_BG;
    ctx.fillRect(0, 0, left, RULER);
  }
}
