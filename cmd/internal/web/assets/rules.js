// The board's cells as the page looks them up.

/** Key of a cell in the page's maps. */
export function cellKey(r, c) {
  return `${r},${c}`;
}

/** A Map from cell key to player for the first n moves. */
export function occupancy(moves, n = moves.length) {
  const m = new Map();
  for (let i = 0; i < n; i++) m.set(cellKey(moves[i].row, moves[i].col), moves[i].player);
  return m;
}
