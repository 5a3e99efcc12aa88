// Words the page uses for games, players and cells.

import { lookOf } from './players.js';

/** "−3" with a real minus sign, for reading; tests and links use plain numbers. */
export function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

/** "row 3, column −7". */
export function cellName(row, col) {
  return `row ${num(row)}, column ${num(col)}`;
}

/** A game's rules in a few words: "5 in a row · 3 players · infinite · freestyle". */
export function rulesText(g) {
  const board = g.rows > 0 && g.cols > 0 ? `${g.rows} × ${g.cols}` : 'infinite board';
  return `${g.k} in a row · ${g.players} players · ${board} · ${g.rule}`;
}

/** The kind of seat p: "human" or the bot's name. */
export function seatKind(g, p) {
  return (g.seats || []).find((s) => s.player === p)?.kind || 'human';
}

export function isBot(g, p) {
  return seatKind(g, p) !== 'human';
}

/** "Player 2 (vermilion ring)". */
export function playerName(p) {
  return `Player ${p} (${lookOf(p).label})`;
}

/** A short relative time: "just now", "5 min ago", or a date. */
export function ago(ms) {
  const s = Math.round((Date.now() - ms) / 1000);
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}
