// The game page: the board, the players, the moves and the live feed of
// one game, and play for the seat this page holds.

import { ApiError, getGame, postMove } from './api.js';
import { BoardView } from './board.js';
import { cellName, isBot, num, playerName, rulesText, seatKind } from './format.js';
import { Live } from './live.js';
import { copyText } from './lobby.js';
import { markIcon } from './players.js';
import { cellKey, occupancy } from './rules.js';
import { forgetSeat, rememberGame, seatLink, spectatorLink, takeSeat } from './seats.js';

const $ = (id) => document.getElementById(id);
const TOAST_MS = 5000;
const RETRY_MS = [500, 1000, 2000, 4000];

export class GamePage {
  constructor(id) {
    this.id = id;
    this.seat = takeSeat(id);
    this.game = null; // the latest state from the server, without its moves
    this.moves = [];
    this.cells = new Map();
    this.viewPly = null; // the ply shown while looking back; null when live
    this.pending = null; // the move on its way: {row, col, ply, player}
    this.toastTimer = 0;
    this.loading = null;

    this.board = new BoardView($('board'), {
      onActivate: (r, c) => this.activate(r, c),
      onOffBoard: () => this.toast('That is off the board.'),
      onPointerCell: (cell) => this.showPointer(cell),
      onCursor: (cell) => {
        this.showPointer(cell);
        const owner = this.cells.get(cellKey(cell.row, cell.col));
        this.announce(`${cellName(cell.row, cell.col)}: ${owner ? `player ${owner}` : 'empty'}`);
      },
    });
    this.live = new Live(id, {
      ply: () => this.moves.length,
      onUpdate: (u) => this.update(u),
      onResync: () => this.load(),
      onStatus: (s) => this.showConnection(s),
    });
    this.wire();
    // For automation and debugging: where a cell is on screen, and what
    // the board shows.
    window.gomoku = {
      cellToClient: (r, c) => this.board.cellToClient(r, c),
      view: () => ({
        cx: this.board.cx, cy: this.board.cy, cell: this.board.cell,
        cursor: { ...this.board.cursor }, winLine: this.board.winLine, shown: this.board.shown,
        forbidden: [...this.board.forbidden.keys()],
      }),
    };
  }

  wire() {
    $('zoom-in').addEventListener('click', () => this.board.zoomBy(1.25));
    $('zoom-out').addEventListener('click', () => this.board.zoomBy(0.8));
    $('go-last').addEventListener('click', () => this.goLast());
    $('fit-all').addEventListener('click', () => this.board.fitAll());
    $('history-live').addEventListener('click', () => this.showPly(null));
    $('moves').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-ply]');
      if (!b) return;
      const ply = Number(b.dataset.ply);
      this.showPly(ply === this.moves.length ? null : ply);
    });
    $('leave-seat').addEventListener('click', () => {
      forgetSeat(this.id, this.seat);
      this.seat = null;
      this.render();
    });
    for (const b of document.querySelectorAll('[data-copy]')) {
      b.addEventListener('click', () => copyText($(b.dataset.copy), b));
    }
    $('board').addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'l' || e.key === 'L') this.goLast();
      else if (e.key === 'f' || e.key === 'F') this.board.fitAll();
      else if (e.key === 'Escape' && this.viewPly !== null) this.showPly(null);
    });
  }

  async start() {
    $('game').hidden = false;
    document.body.classList.add('in-game');
    $('game-title').textContent = `Game ${this.id}`;
    document.title = `Gomoku · game ${this.id}`;
    $('spectator-link').value = spectatorLink(this.id);
    await this.load();
    if (!this.game) return;
    rememberGame({ id: this.id, summary: rulesText(this.game) });
    this.board.fitAll();
    if (this.moves.length) {
      const last = this.moves[this.moves.length - 1];
      this.board.setCursor(last.row, last.col);
    }
    this.live.connect();
  }

  // Fetches the whole game, retrying while the server is unreachable.
  load() {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const state = await getGame(this.id);
          this.update({ state });
          return;
        } catch (e) {
          if (e instanceof ApiError && e.status === 404) {
            this.fatal('There is no such game on this server.');
            return;
          }
          const passing = e instanceof ApiError && (e.status === 0 || e.status === 429 || e.status >= 500);
          if (!passing) {
            this.fatal(`The game cannot be shown: ${e.message}`);
            return;
          }
          this.showConnection('down');
          await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
        }
      }
    })().finally(() => { this.loading = null; });
    return this.loading;
  }

  // Shows why the game cannot be shown, instead of an empty board.
  fatal(message) {
    this.live.close();
    $('game').classList.add('failed');
    $('status').textContent = message;
    $('status').className = 'status';
    const back = document.createElement('a');
    back.href = '/';
    back.textContent = 'Back to the lobby';
    $('you').replaceChildren(back);
    $('conn').textContent = '';
  }

  /**
   * Takes what the server said: a whole state ({state}) or a move at a
   * ply with the state right after it ({move, ply, after}). A state older
   * than what the page has is ignored; a move that does not follow on
   * from the page's last ply makes it fetch the whole game.
   */
  update({ state, move, ply, after }) {
    if (state) {
      if (this.game && state.ply < this.moves.length) return;
      const { moves, ...rest } = state;
      this.setMoves(moves || []);
      this.game = rest;
    } else if (move) {
      if (ply <= this.moves.length) return; // seen already
      if (ply !== this.moves.length + 1 || !this.game) {
        this.load();
        return;
      }
      this.appendMoves([move]);
      Object.assign(this.game, after);
      this.game.ply = this.moves.length;
    }
    if (this.pending && this.moves.length > this.pending.ply) this.pending = null;
    this.render();
  }

  // Takes the game's moves: the same as the page has with more at the end
  // (the usual case, appended), or a different history (replaced).
  setMoves(moves) {
    const prev = this.moves;
    const extends_ = moves.length >= prev.length && prev.every((m, i) =>
      m.row === moves[i].row && m.col === moves[i].col && m.player === moves[i].player);
    if (extends_) this.appendMoves(moves.slice(prev.length));
    else {
      this.moves = [];
      this.cells = new Map();
      $('moves').replaceChildren();
      this.appendMoves(moves);
    }
  }

  appendMoves(added) {
    if (added.length === 0) return;
    const before = this.moves.length;
    const lastBefore = this.moves[before - 1];
    const lastWasVisible = lastBefore && this.board.cellToClient(lastBefore.row, lastBefore.col).visible;
    const items = document.createDocumentFragment();
    for (const m of added) {
      this.moves.push(m);
      this.cells.set(cellKey(m.row, m.col), m.player);
      items.append(this.moveItem(m, this.moves.length));
    }
    const list = $('moves');
    list.append(items);
    if (this.viewPly === null) list.scrollTop = list.scrollHeight;
    const last = this.moves[this.moves.length - 1];
    this.announce(`${playerName(last.player)} played ${cellName(last.row, last.col)}.`);
    // Follow the play, unless the viewer has looked elsewhere.
    if (this.viewPly === null && (lastWasVisible || before === 0)) this.board.keepInView(last);
  }

  moveItem(m, ply) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.ply = String(ply);
    const n = document.createElement('span');
    n.className = 'ply';
    n.textContent = `${ply}.`;
    const text = document.createElement('span');
    text.textContent = `Player ${m.player}: ${num(m.row)}, ${num(m.col)}`;
    b.setAttribute('aria-label', `Move ${ply}: ${playerName(m.player)} at ${cellName(m.row, m.col)}`);
    b.append(n, markIcon(m.player, 16), text);
    const li = document.createElement('li');
    li.append(b);
    return li;
  }

  /** Shows the board as it was after ply moves, or live with null. */
  showPly(ply) {
    this.viewPly = ply;
    if (ply !== null) {
      const m = this.moves[ply - 1];
      this.board.keepInView(m);
    }
    this.render();
  }

  goLast() {
    const n = this.viewPly ?? this.moves.length;
    if (n === 0) {
      this.board.fitAll();
      return;
    }
    const m = this.moves[n - 1];
    this.board.centreOn(m.row, m.col);
    this.board.setCursor(m.row, m.col);
  }

  // The cells renju forbids to black now, by cellKey, with their fouls:
  // the server lists them when black is to move.
  forbidden() {
    return new Map((this.game?.forbidden || []).map((f) => [cellKey(f.row, f.col), f.foul]));
  }

  myTurn() {
    const g = this.game;
    return !!(g && this.seat && g.status === 'ongoing' && g.turn === this.seat.player);
  }

  // ---- playing ----

  activate(row, col) {
    const g = this.game;
    if (!g) return;
    if (this.viewPly !== null) return this.toast(`You are looking at move ${this.viewPly}; press “Back to live” to play.`);
    if (g.status !== 'ongoing') return this.toast(g.status === 'won' ? `The game is over: player ${g.winner} won.` : 'The game is over: it is a draw.');
    if (!this.seat) return this.toast('You are watching this game; open a seat’s link to play.');
    if (this.pending) return this.toast('Your move is on its way to the server.');
    if (g.turn !== this.seat.player) return this.toast(`Not your turn: it is ${isBot(g, g.turn) ? 'the bot' : 'player'} ${g.turn}’s turn.`);
    const owner = this.cells.get(cellKey(row, col));
    if (owner) return this.toast(`That cell is taken by player ${owner}.`);
    const foul = this.forbidden().get(cellKey(row, col));
    if (foul) return this.toast(`Forbidden to black (player 1) under renju: ${foul}. Black may not make an overline, a double four or a double three.`);
    this.pending = { row, col, ply: this.moves.length, player: this.seat.player };
    this.render();
    this.send(this.pending);
  }

  // Sends the pending move until the server answers it. Sending the same
  // move for the same ply again is safe: the server accepts it once.
  async send(p) {
    for (let attempt = 0; this.pending === p; attempt++) {
      try {
        const state = await postMove(this.id, this.seat.token, { row: p.row, col: p.col, ply: p.ply });
        if (this.pending === p) this.pending = null;
        this.update({ state });
        return;
      } catch (e) {
        if (this.pending !== p) return;
        if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) {
          this.toast('The server cannot be reached; your move will be sent when it is back.');
          await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
          continue;
        }
        this.pending = null;
        if (e.status === 401) {
          this.toast('This page’s seat is not valid for this game; you are watching.');
          forgetSeat(this.id, this.seat);
          this.seat = null;
        } else if (e.status === 409) {
          this.toast(`Not played: ${e.message}`);
        } else if (e.status === 429) {
          this.toast(`Not played, too fast: ${e.message}`);
        } else {
          this.toast(`That move is not allowed: ${e.message}`);
        }
        this.render();
        this.load();
        return;
      }
    }
  }

  // ---- showing ----

  toast(message) {
    const t = $('toast');
    t.textContent = message;
    t.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { t.hidden = true; }, TOAST_MS);
  }

  announce(text) {
    $('announce').textContent = text;
  }

  showPointer(cell) {
    $('pointer').textContent = cell ? `row ${num(cell.row)}, col ${num(cell.col)}` : '';
  }

  showConnection(s) {
    const c = $('conn');
    c.textContent = { live: 'Live', connecting: 'Connecting…', down: 'Reconnecting…' }[s] || '';
    c.className = s === 'down' ? 'conn down' : 'conn';
  }

  render() {
    const g = this.game;
    if (!g) return;
    $('rules').textContent = rulesText(g);
    this.board.setBounds(g.rows || 0, g.cols || 0);
    const shown = this.viewPly ?? this.moves.length;
    const live = this.viewPly === null;
    const cells = live ? this.cells : occupancy(this.moves, shown);
    const line = g.win_line || [];
    const win = g.status === 'won' && shown === this.moves.length && line.length
      ? [[line[0].row, line[0].col], [line[line.length - 1].row, line[line.length - 1].col]]
      : null;
    this.board.setPosition({
      moves: this.moves,
      shown,
      cells,
      lastMove: shown > 0 ? this.moves[shown - 1] : null,
      winLine: win,
      pending: live ? this.pending : null,
      forbidden: live ? this.forbidden() : new Map(),
    });
    this.board.setPreview(live && this.myTurn() && !this.pending ? this.seat.player : 0);

    const status = $('status');
    let title;
    if (g.status === 'won') {
      status.textContent = this.seat && this.seat.player === g.winner ? `You won as ${playerName(g.winner)}!` : `${playerName(g.winner)} won.`;
      status.className = 'status over';
      title = `Player ${g.winner} won`;
    } else if (g.status === 'drawn') {
      status.textContent = g.rows > 0 && this.moves.length >= g.rows * g.cols
        ? 'Draw: the board is full.'
        : `Draw: the game reached its limit of ${this.moves.length} moves.`;
      status.className = 'status over';
      title = 'Draw';
    } else if (this.myTurn()) {
      status.textContent = this.pending ? 'Sending your move…' : 'Your turn';
      if (!this.pending && g.forbidden?.length) status.textContent += ' · ⊘ cells are forbidden to you under renju';
      status.className = 'status your-turn';
      title = '● Your turn';
    } else {
      const who = playerName(g.turn);
      const thinking = g.thinking || isBot(g, g.turn);
      status.textContent = thinking ? `${who}, the ${seatKind(g, g.turn)} bot, is thinking` : `${who} to move`;
      status.className = thinking ? 'status thinking' : 'status';
      title = `Player ${g.turn} to move`;
    }
    document.title = `${title} · Gomoku ${this.id}`;

    $('you').textContent = this.seat ? `You play ${playerName(this.seat.player)}.` : 'You are watching.';
    $('seat-link-row').hidden = !this.seat;
    $('leave-seat').hidden = !this.seat;
    if (this.seat) $('seat-link').value = seatLink(this.id, this.seat);

    const players = $('players');
    players.replaceChildren();
    for (let p = 1; p <= g.players; p++) {
      const li = document.createElement('li');
      const turn = g.status === 'ongoing' && g.turn === p;
      if (turn) li.className = 'turn';
      const name = document.createElement('span');
      name.textContent = `Player ${p}`;
      const tag = document.createElement('span');
      tag.className = 'tag';
      const bot = isBot(g, p);
      tag.textContent = [
        this.seat && this.seat.player === p ? 'you' : '',
        bot ? `bot: ${seatKind(g, p)}` : 'human',
        turn ? (bot ? 'thinking' : 'to move') : '',
        g.status === 'won' && g.winner === p ? 'winner' : '',
      ].filter(Boolean).join(' · ');
      if (turn && bot) tag.classList.add('thinking');
      li.setAttribute('aria-label', `${playerName(p)}, ${tag.textContent}`);
      li.append(markIcon(p, 20), name, tag);
      players.append(li);
    }

    $('move-count').textContent = `(${this.moves.length})`;
    for (const b of $('moves').querySelectorAll('button[aria-current]')) b.removeAttribute('aria-current');
    if (!live) {
      $('moves').querySelector(`button[data-ply="${shown}"]`)?.setAttribute('aria-current', 'true');
      $('history-text').textContent = `Move ${shown} of ${this.moves.length}`;
    }
    $('history').hidden = live;
  }
}
