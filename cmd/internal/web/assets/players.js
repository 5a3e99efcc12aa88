// Colours and symbols of the players. The colours are the Okabe–Ito
// palette, chosen to stay distinct under the common kinds of colour
// blindness; every player also has a symbol, so colour is never the only
// cue. Past eight players the colours repeat with a shifted symbol, which
// keeps every pair distinct up to 64 players.

const COLOURS = [
  ['#0072B2', 'blue'],
  ['#D55E00', 'vermilion'],
  ['#009E73', 'green'],
  ['#CC79A7', 'pink'],
  ['#E69F00', 'orange'],
  ['#56B4E9', 'sky blue'],
  ['#000000', 'black'],
  ['#F0E442', 'yellow'],
];

const SYMBOLS = ['cross', 'ring', 'triangle', 'square', 'diamond', 'star', 'plus', 'hexagon'];

const OUTLINE = '#1b1b1b';

/** Below this cell size in pixels a mark is a dot of its colour: a symbol would be unreadable. */
export const DOT_CELL = 9;

/** The look of player p (1-based): colour, its name, and symbol. */
export function lookOf(p) {
  const i = Math.max(0, p - 1);
  const [colour, colourName] = COLOURS[i % COLOURS.length];
  const symbol = SYMBOLS[(i + Math.floor(i / COLOURS.length)) % SYMBOLS.length];
  return { colour, colourName, symbol, label: `${colourName} ${symbol}` };
}

function polygon(ctx, cx, cy, r, n, rotation) {
  ctx.beginPath();
  for (let k = 0; k < n; k++) {
    const a = rotation + (2 * Math.PI * k) / n;
    const x = cx + r * Math.cos(a);
    const y = cy + r * Math.sin(a);
    if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  }
  ctx.closePath();
}

function star(ctx, cx, cy, r) {
  ctx.beginPath();
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (Math.PI * k) / 5;
    const rr = k % 2 === 0 ? r : r * 0.45;
    const x = cx + rr * Math.cos(a);
    const y = cy + rr * Math.sin(a);
    if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  }
  ctx.closePath();
}

// Strokes a path twice, dark then coloured, so light colours such as
// yellow stay visible on the light board.
function outlinedStroke(ctx, colour, width) {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = width + Math.max(1.5, width * 0.45);
  ctx.stroke();
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.stroke();
}

function outlinedFill(ctx, colour, width) {
  ctx.lineJoin = 'round';
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = Math.max(1, width * 0.4);
  ctx.stroke();
}

/**
 * Draws player p's symbol centred on (cx, cy) within a square of side
 * size. At tiny sizes the symbol would be unreadable, so a filled square
 * in the player's colour stands in for it.
 */
export function drawMark(ctx, p, cx, cy, size, alpha = 1) {
  const { colour, symbol } = lookOf(p);
  ctx.save();
  ctx.globalAlpha = alpha;
  if (size < DOT_CELL) {
    ctx.fillStyle = colour;
    const s = Math.max(2, size - 1);
    ctx.fillRect(cx - s / 2, cy - s / 2, s, s);
    ctx.restore();
    return;
  }
  const r = size * 0.34;
  const w = Math.max(1.5, size * 0.1);
  switch (symbol) {
    case 'cross':
      ctx.beginPath();
      ctx.moveTo(cx - r, cy - r); ctx.lineTo(cx + r, cy + r);
      ctx.moveTo(cx + r, cy - r); ctx.lineTo(cx - r, cy + r);
      outlinedStroke(ctx, colour, w * 1.3);
      break;
    case 'ring':
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);
      outlinedStroke(ctx, colour, w * 1.3);
      break;
    case 'plus':
      ctx.beginPath();
      ctx.moveTo(cx, cy - r * 1.1); ctx.lineTo(cx, cy + r * 1.1);
      ctx.moveTo(cx - r * 1.1, cy); ctx.lineTo(cx + r * 1.1, cy);
      outlinedStroke(ctx, colour, w * 1.5);
      break;
    case 'triangle':
      polygon(ctx, cx, cy + r * 0.15, r * 1.15, 3, -Math.PI / 2);
      outlinedFill(ctx, colour, w);
      break;
    case 'square':
      ctx.beginPath();
      ctx.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
      outlinedFill(ctx, colour, w);
      break;
    case 'diamond':
      polygon(ctx, cx, cy, r * 1.15, 4, -Math.PI / 2);
      outlinedFill(ctx, colour, w);
      break;
    case 'star':
      star(ctx, cx, cy, r * 1.2);
      outlinedFill(ctx, colour, w);
      break;
    case 'hexagon':
      polygon(ctx, cx, cy, r * 1.05, 6, 0);
      outlinedFill(ctx, colour, w);
      break;
  }
  ctx.restore();
}

const iconCache = new Map();

/**
 * A small image of player p's symbol, for lists and labels. It is
 * decorative: the text beside it names the player. Each symbol is drawn
 * once per size and shared, so a list of thousands of moves stays cheap.
 */
export function markIcon(p, size = 20) {
  const dpr = window.devicePixelRatio || 1;
  const key = `${p}/${size}/${dpr}`;
  let src = iconCache.get(key);
  if (!src) {
    const c = document.createElement('canvas');
    c.width = Math.round(size * dpr);
    c.height = Math.round(size * dpr);
    const ctx = c.getContext('2d');
    ctx.scale(dpr, dpr);
    drawMark(ctx, p, size / 2, size / 2, size);
    src = c.toDataURL();
    iconCache.set(key, src);
  }
  const img = new Image(size, size);
  img.src = src;
  img.alt = '';
  img.className = 'mark-icon';
  return img;
}
