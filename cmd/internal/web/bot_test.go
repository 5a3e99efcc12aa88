package web_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// chooseMove picks a human seat's move for the tests: a win if there is
// one, else a block of the next player's win, else the cell that leaves
// the mover the most winning cells, then the most neighbours. It is
// deterministic, so a failing run can be replayed.
func chooseMove(t *testing.T, st apiState, k, players, me int) (int, int) {
	t.Helper()
	moves := make([]engine.Move, len(st.Moves))
	for i, m := range st.Moves {
		moves[i] = engine.Move{Row: m.Row, Col: m.Col, Player: m.Player}
	}
	g, err := engine.FromMoves(moves, engine.WithK(k), engine.WithPlayers(players))
	require.NoError(t, err)
	if len(moves) == 0 {
		return 0, 0
	}
	box, _ := g.BoundingBox()
	next := me%players + 1
	best, bestR, bestC := -1, 0, 0
	for r := box.MinRow - 2; r <= box.MaxRow+2; r++ {
		for c := box.MinCol - 2; c <= box.MaxCol+2; c++ {
			if g.At(r, c) != 0 {
				continue
			}
			score := 0
			if win, _ := g.WouldWin(r, c, me); win {
				score = 1 << 30
			} else if win, _ := g.WouldWin(r, c, next); win {
				score = 1 << 25
			} else {
				h := g.Clone()
				if _, err := h.PlayAs(r, c, me); err != nil {
					continue
				}
				for rr := r - k; rr <= r+k; rr++ {
					for cc := c - k; cc <= c+k; cc++ {
						if w, _ := h.WouldWin(rr, cc, me); w && h.At(rr, cc) == 0 {
							score += 100
						}
					}
				}
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						if g.At(r+dr, c+dc) == me {
							score += 3
						} else if g.At(r+dr, c+dc) != 0 {
							score++
						}
					}
				}
			}
			if score > best {
				best, bestR, bestC = score, r, c
			}
		}
	}
	return bestR, bestC
}

func TestThreePlayersWithABot(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	host, l := b.createInLobby(srv, newGame{k: 4, seats: []string{"human", "human", "greedy"}})
	require.Len(t, l.seats, 2, "a link for each human seat only")
	id := gameID(t, l.spectator)
	host.waitText("#server-games", "Watch game "+id)
	host.waitText("#mine", "Game "+id)
	pages := map[int]*page{1: b.openGame("player1", l.seats[1]), 2: b.openGame("player2", l.seats[2])}
	// Keep every status the first player's page shows, to see the bot's
	// thinking however briefly it lasts.
	pages[1].eval(`(() => {
		window.statuses = [];
		const s = document.getElementById('status');
		new MutationObserver(() => window.statuses.push(s.textContent)).observe(s, {childList: true, characterData: true, subtree: true});
		return true;
	})()`, nil)
	pages[1].waitText("#players", "bot: greedy")

	for ply := 0; ; ply++ {
		require.Less(t, ply, 120, "the game should have ended")
		st := srv.state(id)
		if st.Status != "ongoing" {
			break
		}
		if st.Ply != ply {
			// The bot moved since: catch up.
			ply = st.Ply - 1
			continue
		}
		if st.Turn == 3 {
			for _, p := range pages {
				p.waitMoves(ply + 1)
			}
			continue
		}
		p := pages[st.Turn]
		p.waitText("#status", "Your turn")
		r, c := chooseMove(t, st, 4, 3, st.Turn)
		p.keepVisible(r, c)
		p.clickCell(r, c)
		for _, q := range pages {
			q.waitMoves(ply + 1)
		}
	}

	final := srv.state(id)
	require.Equal(t, "won", final.Status)
	botMoves := 0
	for _, m := range final.Moves {
		if m.Player == 3 {
			botMoves++
		}
	}
	require.Greater(t, botMoves, 0)
	result := fmt.Sprintf("Player %d (%s) won.", final.Winner, []string{"blue cross", "vermilion ring", "green triangle"}[final.Winner-1])
	for n, p := range pages {
		p.waitMoves(len(final.Moves))
		if n == final.Winner {
			p.waitText("#status", "You won")
		} else {
			p.waitText("#status", result)
		}
	}
	require.Equal(t, pages[1].moveList(), pages[2].moveList())
	var seen []string
	pages[1].eval(`window.statuses`, &seen)
	require.Contains(t, seen, "Player 3 (green triangle), the greedy bot, is thinking")
	saveReadmeShot(pages[1], "three-players-bot.png")
	saveReadmeShot(host, "lobby.png")
}

func TestEightBotsWatched(t *testing.T) {
	srv := startServer(t, "--bot-only-games")
	b := newBrowser(t)
	_, l := b.createInLobby(srv, newGame{k: 4, rows: 12, cols: 12,
		seats: []string{"greedy", "random", "greedy", "random", "greedy", "random", "greedy", "random"}})
	require.Empty(t, l.seats)
	id := gameID(t, l.spectator)
	watcher := b.openGame("spectator", l.spectator)
	watcher.waitUntil("the end of the game", `/won|Draw: the board is full/.test(document.getElementById('status').textContent)`)
	final := srv.state(id)
	require.NotEqual(t, "ongoing", final.Status)
	watcher.waitMoves(len(final.Moves))
	list := watcher.moveList()
	require.Len(t, list, len(final.Moves))
	for i, m := range final.Moves {
		require.Contains(t, list[i], fmt.Sprintf("Move %d: Player %d (", i+1, m.Player))
		require.Contains(t, list[i], fmt.Sprintf("at row %s, column %s", minus(m.Row), minus(m.Col)))
	}
	var players []string
	watcher.eval(`[...document.querySelectorAll('#players li')].map(li => li.getAttribute('aria-label'))`, &players)
	require.Len(t, players, 8)
	require.Equal(t, "Player 8 (yellow hexagon), bot: random", players[7][:len("Player 8 (yellow hexagon), bot: random")])
	saveReadmeShot(watcher, "eight-bots.png")
}
