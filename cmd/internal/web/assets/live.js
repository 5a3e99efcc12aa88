// The live feed of one game: a WebSocket that reconnects by itself and
// asks the server for what it missed since the last ply it saw.

const BACKOFF_MS = [300, 700, 1500, 3000, 5000];

export class Live {
  /**
   * @param {string} id the game
   * @param {{ply: () => number, onUpdate: (u: object) => void,
   *          onResync: () => void, onStatus: (s: string) => void}} h
   */
  constructor(id, h) {
    this.id = id;
    this.h = h;
    this.ws = null;
    this.attempt = 0;
    this.timer = 0;
    this.closed = false;
    // A connection that outlived a network change or a sleep may be dead
    // without a close (the server's pings are invisible to scripts), so
    // the page starts a fresh one: catching up from its ply costs nothing.
    window.addEventListener('offline', () => this.drop());
    window.addEventListener('online', () => this.renew());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.retryNow();
    });
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${encodeURIComponent(this.id)}/events?after=${this.h.ply()}`;
  }

  connect() {
    if (this.closed || this.ws) return;
    clearTimeout(this.timer);
    this.h.onStatus(this.attempt === 0 ? 'connecting' : 'down');
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.h.onStatus('live');
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.h.onUpdate(toUpdate(msg));
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      // A refused handshake (the server restarting, or knowing fewer moves
      // than the page after losing its database) says nothing more: the
      // page checks the whole game now and then while it retries.
      if (this.attempt > 0 && this.attempt % 3 === 0) this.h.onResync();
      this.scheduleRetry();
    };
  }

  scheduleRetry() {
    this.h.onStatus('down');
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt++;
    this.timer = setTimeout(() => this.connect(), base * (0.75 + Math.random() * 0.5));
  }

  retryNow() {
    if (this.closed || this.ws) return;
    clearTimeout(this.timer);
    this.connect();
  }

  // Closes the connection at once, when the browser says it is offline;
  // the retries go on in the background.
  drop() {
    const ws = this.ws;
    if (!ws) return;
    ws.onclose = null;
    this.ws = null;
    ws.close();
    if (!this.closed) this.scheduleRetry();
  }

  // Starts a fresh connection, when the browser is back online.
  renew() {
    this.drop();
    this.retryNow();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }
}

// What the page makes of one event from the server: a move, its ply, and
// the game's state right after it.
function toUpdate(msg) {
  if (msg.type !== 'move') return {};
  const { row, col, player, ply, status, winner, turn, thinking } = msg;
  return {
    move: { row, col, player }, ply,
    after: { status, winner, turn, thinking, win_line: msg.win_line, forbidden: msg.forbidden || [] },
  };
}
