// The page's entry: the lobby at "/", a game at "/game/{id}".

import { GamePage } from './game.js';
import { Lobby } from './lobby.js';

const path = location.pathname;
const game = /^\/game\/([^/]+)\/?$/.exec(path);
if (path === '/' || path === '/index.html') {
  new Lobby().show();
} else if (game) {
  new GamePage(decodeURIComponent(game[1])).start();
  // A seat's link opened over the same game's page changes only the
  // fragment, which does not reload: take the seat by loading afresh.
  window.addEventListener('hashchange', () => {
    if (new URLSearchParams(location.hash.slice(1)).has('token')) location.reload();
  });
} else {
  document.getElementById('not-found').hidden = false;
}
