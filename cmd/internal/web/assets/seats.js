// Seat tokens and the games this browser knows. A seat's token arrives in
// the URL fragment (never sent to the server by the browser) and is kept
// in session storage, so each tab keeps its own seat across reloads, and
// in local storage, so a new tab on the same game finds it again.

const SEAT_PREFIX = 'gomoku.seat.';
const KNOWN = 'gomoku.games';
const KNOWN_LIMIT = 50;

function read(storage, key) {
  try {
    return JSON.parse(storage.getItem(key));
  } catch {
    return null;
  }
}

function write(storage, key, value) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be full or disabled (private modes): the page still
    // works while it stays open.
  }
}

function validSeat(s) {
  return s && Number.isInteger(s.player) && s.player >= 1 && typeof s.token === 'string' && s.token !== '';
}

/** The link that gives its holder a seat. */
export function seatLink(id, seat) {
  const u = new URL(`/game/${encodeURIComponent(id)}`, location.origin);
  u.hash = new URLSearchParams({ player: String(seat.player), token: seat.token }).toString();
  return u.href;
}

/** The link for watching a game. */
export function spectatorLink(id) {
  return new URL(`/game/${encodeURIComponent(id)}`, location.origin).href;
}

/** The seat stored for game id, this tab's first, or null. */
function storedSeat(id) {
  for (const storage of [sessionStorage, localStorage]) {
    const seat = read(storage, SEAT_PREFIX + id);
    if (validSeat(seat)) return seat;
  }
  return null;
}

/**
 * The seat this page holds in game id, from the URL fragment first, then
 * this tab's storage, then this browser's; null for a spectator. A seat
 * found in the fragment is stored and the fragment removed from the
 * address bar, so a copied address does not give the seat away. A link
 * never silently replaces another seat held in the same game: a page may
 * have been sent a link to lose its own seat, so the person is asked.
 */
export function takeSeat(id) {
  const key = SEAT_PREFIX + id;
  const frag = new URLSearchParams(location.hash.slice(1));
  const held = storedSeat(id);
  if (frag.has('token')) {
    const seat = { player: Number(frag.get('player')), token: frag.get('token') };
    history.replaceState(null, '', location.pathname + location.search);
    if (validSeat(seat) && (!held || held.token === seat.token || confirm(
      `This link holds player ${seat.player}'s seat in this game, but this browser holds player ${held.player}'s. ` +
      `Take the link's seat and forget yours? (Cancel keeps yours.)`))) {
      write(sessionStorage, key, seat);
      write(localStorage, key, seat);
      return seat;
    }
  }
  return held;
}

/**
 * Forgets this browser's seat in game id (and seat, the one the page
 * holds, if given): the stored seat, and its token in the list of games
 * created here.
 */
export function forgetSeat(id, seat = null) {
  const tokens = new Set([seat, storedSeat(id)].filter(validSeat).map((s) => s.token));
  write(sessionStorage, SEAT_PREFIX + id, null);
  write(localStorage, SEAT_PREFIX + id, null);
  const list = knownGames();
  const entry = list.find((g) => g.id === id);
  if (entry && Array.isArray(entry.seats)) {
    entry.seats = entry.seats.filter((s) => !(s && tokens.has(s.token)));
    write(localStorage, KNOWN, list);
  }
}

/** The games this browser created or joined, newest first. */
export function knownGames() {
  const list = read(localStorage, KNOWN);
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === 'string') : [];
}

/** Records a game (id, summary, seats created here) at the top of the list. */
export function rememberGame(entry) {
  const old = knownGames().find((g) => g.id === entry.id);
  const merged = { ...old, ...entry, seen: Date.now() };
  if (old && old.seats && !entry.seats) merged.seats = old.seats;
  const list = [merged, ...knownGames().filter((g) => g.id !== entry.id)].slice(0, KNOWN_LIMIT);
  write(localStorage, KNOWN, list);
}
