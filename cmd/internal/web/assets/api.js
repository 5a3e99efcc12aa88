// The server's HTTP API, as the page uses it.

/** An error answer from the server, or status 0 when it could not be reached. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

async function request(method, path, { body, token, signal } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      signal,
    });
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new ApiError(0, 'The server cannot be reached.');
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    // An answer without a JSON body (a proxy's error page, say) is
    // reported by its status below.
  }
  if (!res.ok) {
    const msg = data && typeof data.error === 'string' ? data.error : `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, msg);
  }
  return data;
}

/** Creates a game; resolves to {id, seats: [{player, token}]}. */
export function createGame(config) {
  return request('POST', '/api/games', { body: config });
}

/** The game's configuration and moves (never a token). */
export function getGame(id, signal) {
  return request('GET', `/api/games/${encodeURIComponent(id)}`, { signal });
}

/** The server's games (without their moves), optionally only those with status. */
export function listGames(status = '') {
  return request('GET', `/api/games${status ? `?status=${encodeURIComponent(status)}` : ''}`);
}

/** Plays a move as the seat holding token; ply is the ply the page saw. */
export function postMove(id, token, move) {
  return request('POST', `/api/games/${encodeURIComponent(id)}/moves`, { body: move, token });
}
