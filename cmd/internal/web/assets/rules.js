// Game facts the page works out from the moves alone.

const AXES = [[0, 1], [1, 0], [1, 1], [1, -1]];

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

/**
 * The winning run through the game's last move, as its two end cells
 * [[r1, c1], [r2, c2]], or null when the last move made none. Under the
 * exact rule only a run of exactly k counts, as the engine decides.
 */
export function winningLine(moves, k, rule, cells = occupancy(moves)) {
  if (moves.length === 0) return null;
  const { row, col, player } = moves[moves.length - 1];
  for (const [dr, dc] of AXES) {
    let back = 0;
    while (cells.get(cellKey(row - (back + 1) * dr, col - (back + 1) * dc)) === player) back++;
    let fwd = 0;
    while (cells.get(cellKey(row + (fwd + 1) * dr, col + (fwd + 1) * dc)) === player) fwd++;
    const len = back + fwd + 1;
    if (rule === 'exact' ? len === k : len >= k) {
      return [[row - back * dr, col - back * dc], [row + fwd * dr, col + fwd * dc]];
    }
  }
  return null;
}
