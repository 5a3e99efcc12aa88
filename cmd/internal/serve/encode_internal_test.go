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
	g, err := newGame(rec, nil)
	require.NoError(t, err)
	moves := []store.Move{{Row: 0, Col: 0, Player: 1}, {Row: -2147483648, Col: 2147483647, Player: 2}, {Row: 5, Col: 5, Player: 3},
		{Row: 0, Col: 1, Player: 1}, {Row: 9, Col: 9, Player: 2}, {Row: 6, Col: 6, Player: 3}, {Row: 0, Col: 2, Player: 1}}
	check := func() {
		v := g.view.Load()
		want := summaryOf(rec, v.ply, v.status.String(), v.winner, v.updated)
		want.Moves, _ = json.Marshal(lowerMoves(v.moves))
		want.WinLine = v.winLine
		wantJSON, err := json.Marshal(want)
		require.NoError(t, err)
		if v.winLine == nil {
			// omitempty drops an empty win_line from the summary; the
			// state always has it.
			var m map[string]any
			require.NoError(t, json.Unmarshal(wantJSON, &m))
			m["win_line"] = []any{}
			wantJSON, _ = json.Marshal(m)
		}
		assert.JSONEq(t, string(wantJSON), string(v.state))
		assert.True(t, json.Valid(v.state))
	}
	check()
	for i, m := range moves {
		_, err := g.eng.PlayAs(m.Row, m.Col, m.Player)
		require.NoError(t, err)
		g.publish(append(g.view.Load().moves, m), created.Add(time.Duration(i)*time.Second))
		check()
	}
	assert.Equal(t, []cell{{0, 0}, {0, 1}, {0, 2}}, g.view.Load().winLine)
}

func lowerMoves(ms []store.Move) []map[string]int {
	out := make([]map[string]int, len(ms))
	for i, m := range ms {
		out[i] = map[string]int{"row": m.Row, "col": m.Col, "player": m.Player}
	}
	return out
}
