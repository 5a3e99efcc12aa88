// The lobby: create a game, hand out its links, find games to open.

import { ApiError, createGame, listGames } from './api.js';
import { ago, playerName, rulesText } from './format.js';
import { markIcon } from './players.js';
import { knownGames, rememberGame, seatLink, spectatorLink } from './seats.js';

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 10000;

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/** A read-only field with a Copy button. */
export function copyRow(value, label) {
  const input = el('input', { readOnly: true, value });
  input.setAttribute('aria-label', label);
  input.addEventListener('focus', () => input.select());
  const button = el('button', { type: 'button', textContent: 'Copy' });
  button.setAttribute('aria-label', `Copy ${label}`);
  button.addEventListener('click', () => copyText(input, button));
  return el('span', { className: 'copy-row' }, input, button);
}

/** Copies an input's text, telling the user on the button. */
export async function copyText(input, button) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand('copy');
  }
  const old = button.textContent;
  button.textContent = 'Copied';
  setTimeout(() => { button.textContent = old; }, 1500);
}

function statusText(g) {
  if (g.status === 'won') return `won by player ${g.winner}`;
  if (g.status === 'drawn') return 'drawn';
  return `${g.ply} moves, player ${g.turn} to move`;
}

export class Lobby {
  constructor() {
    this.bots = (document.body.dataset.bots || '').split(/\s+/).filter(Boolean);
    this.form = $('new-game');
    this.timer = 0;
    $('ng-players').addEventListener('input', () => this.renderSeats());
    $('ng-rule').addEventListener('change', () => this.ruleChanged());
    for (const r of this.form.elements.board) r.addEventListener('change', () => this.toggleDims());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.create();
    });
    this.renderSeats();
    this.toggleDims();
  }

  show() {
    $('lobby').hidden = false;
    document.title = 'Gomoku';
    this.renderKnown();
    this.refresh();
  }

  // Renju is five in a row for two on a board without wrap, usually
  // 15 × 15: choosing it sets the form so.
  ruleChanged() {
    if ($('ng-rule').value !== 'renju') return;
    $('ng-k').value = 5;
    $('ng-players').value = 2;
    this.form.querySelector('input[name=board][value=bounded]').checked = true;
    $('ng-rows').value = 15;
    $('ng-cols').value = 15;
    this.renderSeats();
    this.toggleDims();
  }

  toggleDims() {
    const bounded = this.form.elements.board.value === 'bounded';
    $('ng-dims').hidden = !bounded;
  }

  renderSeats() {
    const n = Math.min(16, Math.max(2, Number($('ng-players').value) || 2));
    const list = $('ng-seats');
    const old = [...list.querySelectorAll('select')].map((s) => s.value);
    list.replaceChildren();
    for (let p = 1; p <= n; p++) {
      const select = el('select', { name: `seat${p}`, id: `ng-seat-${p}` });
      for (const kind of ['human', ...this.bots]) {
        select.append(el('option', { value: kind, textContent: kind === 'human' ? 'Human' : `Bot: ${kind}` }));
      }
      select.value = old[p - 1] || 'human';
      const label = el('label', { htmlFor: select.id, textContent: playerName(p) });
      list.append(el('li', {}, markIcon(p, 22), label, select));
    }
  }

  readConfig() {
    const f = this.form.elements;
    const bounded = f.board.value === 'bounded';
    const players = Number($('ng-players').value);
    return {
      k: Number($('ng-k').value),
      players,
      rows: bounded ? Number($('ng-rows').value) : 0,
      cols: bounded ? Number($('ng-cols').value) : 0,
      rule: $('ng-rule').value,
      seats: [...$('ng-seats').querySelectorAll('select')].slice(0, players).map((s) => s.value),
    };
  }

  async create() {
    const err = $('ng-error');
    err.textContent = '';
    const cfg = this.readConfig();
    const bad = [cfg.k, cfg.players, cfg.rows, cfg.cols].some((x) => !Number.isInteger(x) || x < 0);
    if (bad || cfg.k < 1 || cfg.players < 2) {
      err.textContent = 'K, the number of players and the board size must be whole numbers (K ≥ 1, players ≥ 2).';
      return;
    }
    if (cfg.seats.length !== cfg.players) this.renderSeats();
    const button = this.form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      const res = await createGame(cfg);
      rememberGame({ id: res.id, summary: rulesText(cfg), seats: res.seats, created: Date.now() });
      this.showCreated(res, cfg);
      this.renderKnown();
      this.refresh();
    } catch (e) {
      err.textContent = e instanceof ApiError ? `Could not create the game: ${e.message}` : String(e);
    } finally {
      button.disabled = false;
    }
  }

  showCreated(res, cfg) {
    const list = $('created-links');
    list.replaceChildren();
    for (const seat of res.seats) {
      const link = seatLink(res.id, seat);
      const open = el('a', { href: link, textContent: `Play as player ${seat.player} here`, target: '_blank', rel: 'noopener' });
      open.dataset.seat = String(seat.player);
      list.append(el('li', {},
        el('span', { className: 'link-head' }, markIcon(seat.player, 20), el('strong', { textContent: playerName(seat.player) }), open),
        copyRow(link, `player ${seat.player}'s link`)));
    }
    const bots = cfg.seats.map((k, i) => [k, i + 1]).filter(([k]) => k !== 'human');
    for (const [kind, p] of bots) {
      list.append(el('li', {}, el('span', { className: 'link-head' }, markIcon(p, 20),
        el('strong', { textContent: playerName(p) }), ` is played by the ${kind} bot.`)));
    }
    const watch = el('a', { href: spectatorLink(res.id), textContent: 'Watch', id: 'created-watch' });
    list.append(el('li', {}, el('span', { className: 'link-head' }, el('strong', { textContent: 'Spectators' }), watch),
      copyRow(spectatorLink(res.id), 'spectator link')));
    $('created').hidden = false;
    $('created-title').focus();
  }

  renderKnown() {
    const games = knownGames();
    const list = $('mine');
    list.replaceChildren();
    $('mine-empty').hidden = games.length > 0;
    for (const g of games) {
      const row = el('li', { className: 'game-row' },
        el('a', { href: spectatorLink(g.id), textContent: `Game ${g.id}` }),
        el('span', { className: 'muted', textContent: g.summary || '' }));
      for (const seat of g.seats || []) {
        row.append(el('a', { href: seatLink(g.id, seat), textContent: `seat ${seat.player}` }));
      }
      row.append(el('span', { className: 'when', textContent: ago(g.created || g.seen) }));
      list.append(row);
    }
  }

  async refresh() {
    clearTimeout(this.timer);
    if ($('lobby').hidden) return;
    const note = $('server-games-note');
    try {
      const data = await listGames('ongoing');
      const games = Array.isArray(data) ? data : data.games || [];
      const list = $('server-games');
      list.replaceChildren();
      for (const g of games) {
        list.append(el('li', { className: 'game-row' },
          el('a', { href: spectatorLink(g.id), textContent: `Watch game ${g.id}` }),
          el('span', { className: 'muted', textContent: rulesText(g) }),
          el('span', { className: 'when', textContent: statusText(g) })));
      }
      note.textContent = games.length ? '' : 'No game is in progress: create one above.';
    } catch (e) {
      note.textContent = e instanceof ApiError && e.status === 0
        ? 'The server cannot be reached; trying again.'
        : `The list of games is not available (${e.message}).`;
    }
    this.timer = setTimeout(() => this.refresh(), REFRESH_MS);
  }
}

