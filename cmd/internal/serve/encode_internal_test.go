package serve

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
)

// TestEncodeMatchesSummary checks the hand-written state JSON against
// encoding/json's rendering of the same summary, move by move, through a
// win.
func TestEncodeMatchesSummary(t *testing.T) {
	created := time.Date(2026, 11, 30, 22, 0, 59, 684376848, time.UTC)
	rec := store.Game{ID: "b09ac8871d5aca8b", K: 3, Players: 3, Rule: "freestyle", MaxMoves: 100, Created: created, Updated: created,
		Seats: []store.Seat{{Kind: human, TokenHash: []byte{1}}, {Kind: "search"}, {Kind: human, TokenHash: []byte{2}}}}
	moves := []store.Move{{Row: 0, Col: 0, Player: 1}, {Row: -2147483648, Col: 2147483647, Player: 2}, {Row: 5, Col: 5, Player: 3},
		{Row: 0, Col: 1, Player: 1}, {Row: 9, Col: 9, Player: 2}, {Row: 6, Col: 6, Player: 3}, {Row: 0, Col: 2, Player: 1}}
	g := checkEncode(t, rec, moves)
	assert.Equal(t, []cell{{0, 0}, {0, 1}, {0, 2}}, g.view.Load().winLine)

	// Renju: black's double three at 7 7 is listed when black is to move.
	rec.K, rec.Players, rec.Rule, rec.Rows, rec.Cols = 5, 2, "renju", 15, 15
	rec.Seats = rec.Seats[:2]
	moves = []store.Move{{Row: 7, Col: 5, Player: 1}, {Row: 0, Col: 0, Player: 2}, {Row: 7, Col: 6, Player: 1}, {Row: 0, Col: 2, Player: 2},
		{Row: 5, Col: 7, Player: 1}, {Row: 0, Col: 4, Player: 2}, {Row: 6, Col: 7, Player: 1}, {Row: 0, Col: 6, Player: 2}}
	g = checkEncode(t, rec, moves)
	assert.Equal(t, []forbiddenCell{{Row: 7, Col: 7, Foul: "double three"}}, g.view.Load().forbidden)
}

// checkEncode plays moves in a game of rec, checking the state after each
// against the summary's encoding, and returns the game.
func checkEncode(t *testing.T, rec store.Game, moves []store.Move) *game {
	g, err := newGame(rec, nil)
	require.NoError(t, err)
	check := func() {
		v := g.view.Load()
		want := summaryOf(rec, v.ply, v.status.String(), v.winner, v.updated)
		want.Moves, _ = json.Marshal(lowerMoves(v.moves))
		want.WinLine = v.winLine
		want.Forbidden = v.forbidden
		wantJSON, err := json.Marshal(want)
		require.NoError(t, err)
		// omitempty drops an empty win_line and forbidden from the
		// summary; the state always has them.
		var m map[string]any
		require.NoError(t, json.Unmarshal(wantJSON, &m))
		for _, k := range []string{"win_line", "forbidden"} {
			if m[k] == nil {
				m[k] = []any{}
			}
		}
		wantJSON, _ = json.Marshal(m)
		assert.JSONEq(t, string(wantJSON), string(v.state))
		assert.True(t, json.Valid(v.state))
	}
	check()
	for i, m := range moves {
		_, err := g.eng.PlayAs(m.Row, m.Col, m.Player)
		require.NoError(t, err)
		g.publish(append(g.view.Load().moves, m), rec.Created.Add(time.Duration(i)*time.Second))
		check()
	}
	return g
}

func lowerMoves(ms []store.Move) []map[string]int {
	out := make([]map[string]int, len(ms))
	for i, m := range ms {
		out[i] = map[string]int{"row": m.Row, "col": m.Col, "player": m.Player}
	}
	return out
}
