package serve_test

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// raceRounds has two clients (possibly on two servers) send conflicting
// moves for the same ply, rounds times, and checks that exactly one is
// accepted each time and that the games hold exactly the accepted ones.
// Every perGame rounds a new game starts, so answers stay small.
func raceRounds(t *testing.T, a, b *client, rounds int) {
	const perGame = 100
	if raceEnabled {
		rounds = min(rounds, 100)
	}
	var wins [2]int
	for done := 0; done < rounds; done += perGame {
		raceGame(t, a, b, min(perGame, rounds-done), &wins)
	}
	t.Logf("%d rounds: client A won %d, client B %d", rounds, wins[0], wins[1])
	if rounds >= 100 {
		assert.Positive(t, wins[0], "the clients really raced")
		assert.Positive(t, wins[1], "the clients really raced")
	}
}

// raceGame plays rounds racing rounds in a new game.
func raceGame(t *testing.T, a, b *client, rounds int, wins *[2]int) {
	g := a.create(`{"k":5}`)
	accepted := make([]move, 0, rounds)
	for ply := range rounds {
		p := ply%2 + 1
		token := g.token(p)
		cells := [2]move{{3 * ply, 0, p}, {3 * ply, 7, p}}
		var codes [2]int
		var bodies [2][]byte
		var start, done sync.WaitGroup
		start.Add(1)
		for i, c := range []*client{a, b} {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				codes[i], bodies[i] = c.move(g.ID, token, cells[i].Row, cells[i].Col, ply)
			}()
		}
		start.Done()
		done.Wait()
		won := -1
		for i, code := range codes {
			switch code {
			case http.StatusOK:
				require.Equal(t, -1, won, "round %d: both moves accepted", ply)
				won = i
			case http.StatusConflict:
			default:
				t.Fatalf("round %d: client %d got %d: %s", ply, i, code, bodies[i])
			}
		}
		require.NotEqual(t, -1, won, "round %d: both moves refused: %s / %s", ply, bodies[0], bodies[1])
		var s state
		require.NoError(t, json.Unmarshal(bodies[won], &s))
		require.Equal(t, ply+1, s.Ply)
		require.Equal(t, cells[won], s.Moves[ply])
		accepted = append(accepted, cells[won])
		wins[won]++
	}
	for _, c := range []*client{a, b} {
		s := c.waitFor(g.ID, 0, func(state) bool { return true })
		if s.Ply < rounds { // the other server may take a moment to hear of the last move
			s = c.waitFor(g.ID, 5e9, func(s state) bool { return s.Ply == rounds })
		}
		assert.Equal(t, accepted, s.Moves)
	}
}

func TestRaceConflictingMoves(t *testing.T) {
	c, _ := startServer(t)
	raceRounds(t, c, newClient(t, c.base), 1000)
}
