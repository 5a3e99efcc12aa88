// The page's entry: the lobby at "/", a game at "/game/{id}".

import { GamePage } from './game.js';
import { Lobby } from './lobby.js';

const path = location.pathname;
const game = /^\/game\/([^/]+)\/?$/.exec(path);
if (path === '/' || path === '/index.html') {
  new Lobby().show();
} else if (game) {
  new GamePage(decodeURIComponent(game[1])).start();
} else {
  document.getElementById('not-found').hidden = false;
}
