package serve_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

func TestBadMoves(t *testing.T) {
	c, _ := startServer(t)
	g := c.create(`{"k":3,"rows":5,"cols":5}`)
	t1, t2 := g.token(1), g.token(2)
	c.mustMove(g.ID, t1, 2, 2, 0)
	before := c.state(g.ID)
	path := "/api/games/" + g.ID + "/moves"
	cases := []struct {
		name, method, path, token, body string
		want                            int
	}{
		{"no token", "POST", path, "", `{"row":0,"col":0,"ply":1}`, http.StatusUnauthorized},
		{"wrong token", "POST", path, strings.Repeat("0", 32), `{"row":0,"col":0,"ply":1}`, http.StatusUnauthorized},
		{"another game's token", "POST", path, c.create(`{}`).token(2), `{"row":0,"col":0,"ply":1}`, http.StatusUnauthorized},
		{"unknown game", "POST", "/api/games/0123456789abcdef/moves", t2, `{"row":0,"col":0,"ply":1}`, http.StatusNotFound},
		{"malformed id", "POST", "/api/games/..%2f/moves", t2, `{"row":0,"col":0,"ply":1}`, http.StatusNotFound},
		{"stale ply", "POST", path, t2, `{"row":0,"col":0,"ply":0}`, http.StatusConflict},
		{"ply ahead", "POST", path, t2, `{"row":0,"col":0,"ply":2}`, http.StatusConflict},
		{"not this seat's turn", "POST", path, t1, `{"row":0,"col":0,"ply":1}`, http.StatusConflict},
		{"occupied", "POST", path, t2, `{"row":2,"col":2,"ply":1}`, http.StatusUnprocessableEntity},
		{"off the board", "POST", path, t2, `{"row":5,"col":0,"ply":1}`, http.StatusUnprocessableEntity},
		{"negative cell off the board", "POST", path, t2, `{"row":-1,"col":0,"ply":1}`, http.StatusUnprocessableEntity},
		{"beyond int32", "POST", path, t2, `{"row":2147483648,"col":0,"ply":1}`, http.StatusUnprocessableEntity},
		{"beyond int64", "POST", path, t2, `{"row":9223372036854775808,"col":0,"ply":1}`, http.StatusBadRequest},
		{"huge", "POST", path, t2, `{"row":1e400,"col":0,"ply":1}`, http.StatusBadRequest},
		{"fraction", "POST", path, t2, `{"row":0.5,"col":0,"ply":1}`, http.StatusBadRequest},
		{"string", "POST", path, t2, `{"row":"0","col":0,"ply":1}`, http.StatusBadRequest},
		{"negative ply", "POST", path, t2, `{"row":0,"col":0,"ply":-1}`, http.StatusBadRequest},
		{"missing ply", "POST", path, t2, `{"row":0,"col":0}`, http.StatusBadRequest},
		{"missing col", "POST", path, t2, `{"row":0,"ply":1}`, http.StatusBadRequest},
		{"null row", "POST", path, t2, `{"row":null,"col":0,"ply":1}`, http.StatusBadRequest},
		{"unknown field", "POST", path, t2, `{"row":0,"col":0,"ply":1,"player":2}`, http.StatusBadRequest},
		{"malformed JSON", "POST", path, t2, `{"row":0,"col":0,"ply":1`, http.StatusBadRequest},
		{"not an object", "POST", path, t2, `[0,0,1]`, http.StatusBadRequest},
		{"empty body", "POST", path, t2, ``, http.StatusBadRequest},
		{"two objects", "POST", path, t2, `{"row":0,"col":0,"ply":1}{"row":0,"col":1,"ply":2}`, http.StatusBadRequest},
		{"huge body", "POST", path, t2, `{"row":0,"col":0,"ply":1,"x":"` + strings.Repeat("x", 10000) + `"}`, http.StatusRequestEntityTooLarge},
		{"wrong method", "PUT", path, t2, `{"row":0,"col":0,"ply":1}`, http.StatusMethodNotAllowed},
		{"unknown endpoint", "POST", "/api/games/" + g.ID + "/undo", t2, `{}`, http.StatusNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, b := c.do(tc.method, tc.path, tc.token, tc.body)
			assert.Equal(t, tc.want, code, "%s", b)
			assert.Equal(t, before, c.state(g.ID), "a refused move changes nothing")
		})
	}
	// The finished game refuses every further move.
	c.mustMove(g.ID, t2, 0, 0, 1)
	c.mustMove(g.ID, t1, 2, 3, 2)
	c.mustMove(g.ID, t2, 0, 1, 3)
	won := c.mustMove(g.ID, t1, 2, 4, 4)
	require.Equal(t, "won", won.Status)
	code, b := c.move(g.ID, t2, 4, 4, 5)
	assert.Equal(t, http.StatusUnprocessableEntity, code, "%s", b)
	assert.Equal(t, won, c.state(g.ID))
}

func TestBadGames(t *testing.T) {
	c, _ := startServer(t)
	cases := []struct {
		name, body string
		want       int
	}{
		{"k zero", `{"k":0}`, http.StatusUnprocessableEntity},
		{"k negative", `{"k":-5}`, http.StatusUnprocessableEntity},
		{"k huge", `{"k":1000000}`, http.StatusUnprocessableEntity},
		{"one player", `{"players":1}`, http.StatusUnprocessableEntity},
		{"too many players", `{"players":17}`, http.StatusUnprocessableEntity},
		{"players and seats disagree", `{"players":3,"seats":["human","human"]}`, http.StatusUnprocessableEntity},
		{"unknown seat", `{"seats":["human","alphazero"]}`, http.StatusUnprocessableEntity},
		{"rows without cols", `{"rows":5}`, http.StatusUnprocessableEntity},
		{"negative rows", `{"rows":-3,"cols":-3}`, http.StatusUnprocessableEntity},
		{"board beyond 32 bits", `{"rows":4294967296,"cols":4294967296}`, http.StatusUnprocessableEntity},
		{"unknown rule", `{"rule":"caro"}`, http.StatusUnprocessableEntity},
		{"renju for three", `{"rule":"renju","players":3}`, http.StatusUnprocessableEntity},
		{"k longer than the board", `{"k":6,"rows":5,"cols":5}`, http.StatusUnprocessableEntity},
		{"unknown field", `{"k":5,"timer":60}`, http.StatusBadRequest},
		{"wrong type", `{"k":"5"}`, http.StatusBadRequest},
		{"seats not a list", `{"seats":"human"}`, http.StatusBadRequest},
		{"beyond int64", `{"k":99999999999999999999}`, http.StatusBadRequest},
		{"malformed", `{"k":5,}`, http.StatusBadRequest},
		{"empty", ``, http.StatusBadRequest},
		{"null", `null`, http.StatusBadRequest},
		{"trailing data", `{} x`, http.StatusBadRequest},
		{"huge body", `{"seats":["` + strings.Repeat("human", 2000) + `"]}`, http.StatusRequestEntityTooLarge},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, b := c.do("POST", "/api/games", "", tc.body)
			assert.Equal(t, tc.want, code, "%s", b)
		})
	}
	code, b := c.do("GET", "/api/games", "", "")
	require.Equal(t, http.StatusOK, code)
	assert.JSONEq(t, `{"games":[]}`, string(b), "no refused game was stored")

	for _, q := range []string{"status=finished", "limit=0", "limit=x", "limit=501", "sort=new"} {
		code, b := c.do("GET", "/api/games?"+q, "", "")
		assert.Equal(t, http.StatusBadRequest, code, "%s: %s", q, b)
	}
	for _, q := range []string{"after=-1", "after=x", "from=3"} {
		code, b := c.do("GET", fmt.Sprintf("/api/games/%s/events?%s", c.create(`{}`).ID, q), "", "")
		assert.Equal(t, http.StatusBadRequest, code, "%s: %s", q, b)
	}
}

// TestRenjuForbiddenMove: in a renju game black's forbidden move is
// refused like an illegal one, naming the foul, and the game goes on. The
// state and the live events list the cells forbidden to black when black
// is to move, and nothing when white is; a spectator catching up gets
// each move's as it was.
func TestRenjuForbiddenMove(t *testing.T) {
	c, _ := startServer(t)
	g := c.create(`{"rule":"renju","rows":15,"cols":15}`)
	black, white := g.Seats[0].Token, g.Seats[1].Token
	doubleThree := []fcell{{Row: 7, Col: 7, Foul: "double three"}}
	var states []state
	for i, m := range [][2]int{{7, 5}, {0, 0}, {7, 6}, {0, 2}, {5, 7}, {0, 4}, {6, 7}, {0, 6}} {
		token := black
		if i%2 == 1 {
			token = white
		}
		states = append(states, c.mustMove(g.ID, token, m[0], m[1], i))
	}
	for _, s := range states[:7] {
		assert.Empty(t, s.Forbidden, "ply %d", s.Ply)
		assert.NotNil(t, s.Forbidden, "ply %d: always listed", s.Ply)
	}
	assert.Equal(t, doubleThree, states[7].Forbidden)
	assert.Equal(t, doubleThree, c.state(g.ID).Forbidden)

	code, b := c.move(g.ID, black, 7, 7, 8)
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, string(b), "double three")
	assert.Equal(t, 8, c.state(g.ID).Ply, "nothing changed")

	// A spectator from the start: only the position after move 8 has a
	// forbidden cell.
	w := c.watch(g.ID, 0)
	for ply := 1; ply <= 8; ply++ {
		e := w.next()
		require.Equal(t, ply, e.Ply)
		if ply == 8 {
			assert.Equal(t, doubleThree, e.Forbidden)
		} else {
			assert.Empty(t, e.Forbidden, "ply %d", ply)
		}
	}
	s := c.mustMove(g.ID, black, 7, 8, 8)
	assert.Empty(t, s.Forbidden, "white to move")
	assert.Empty(t, w.next().Forbidden)

	// A late spectator replays the positions: move 8's event still has
	// the cell, though the game has moved on.
	late := c.watch(g.ID, 7)
	assert.Equal(t, doubleThree, late.next().Forbidden)
	assert.Empty(t, late.next().Forbidden)

	// Freestyle forbids nothing.
	f := c.create(`{"rows":15,"cols":15}`)
	assert.Empty(t, c.mustMove(f.ID, f.Seats[0].Token, 7, 7, 0).Forbidden)
}

// TestRenjuWithABot: a renju game takes a search bot as black; white
// plays far from black's stones, so black builds freely and meets its own
// forbidden cells, and the game as stored replays under renju, which
// refuses any forbidden move.
func TestRenjuWithABot(t *testing.T) {
	c, _ := startServer(t)
	g := c.create(`{"rule":"renju","rows":15,"cols":15,"seats":["search","human"]}`)
	white := g.token(2)
	s := c.waitFor(g.ID, 20*time.Second, func(s state) bool { return s.Ply >= 1 })
	far := 0 // white's next cell, counted along the first rows
	occupied := func(s state, row, col int) bool {
		return slices.ContainsFunc(s.Moves, func(m move) bool { return m.Row == row && m.Col == col })
	}
	for s.Status == "ongoing" && s.Ply < 30 {
		for occupied(s, far/15, far%15) {
			far++
		}
		ply := s.Ply
		c.mustMove(g.ID, white, far/15, far%15, ply)
		s = c.waitFor(g.ID, 20*time.Second, func(s2 state) bool { return s2.Ply > ply+1 || s2.Status != "ongoing" })
	}
	replay, err := engine.New(engine.WithBounds(15, 15), engine.WithRule(engine.Renju))
	require.NoError(t, err)
	for _, m := range s.Moves {
		_, err := replay.PlayAs(m.Row, m.Col, m.Player)
		require.NoError(t, err, "moves %v", s.Moves)
	}
}
