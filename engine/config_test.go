package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/sparse"
)

func TestBadConfigurations(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
	}{
		{"K zero", []Option{WithK(0)}},
		{"K negative", []Option{WithK(-3)}},
		{"one player", []Option{WithPlayers(1)}},
		{"too many players", []Option{WithPlayers(MaxPlayers + 1)}},
		{"zero rows", []Option{WithBounds(0, 5)}},
		{"negative cols", []Option{WithBounds(5, -1)}},
		{"bounds beyond the coordinate range", []Option{WithBounds(1<<31+1, 3)}},
		{"K longer than either side", []Option{WithBounds(3, 4), WithK(5)}},
		{"unknown rule", []Option{WithRule(Rule(9))}},
		{"unknown checker", []Option{WithChecker(CheckerKind(9))}},
		{"lines on an unbounded board", []Option{WithChecker(LinesChecker)}},
		{"lines on a rectangle", []Option{WithBounds(3, 4), WithK(3), WithChecker(LinesChecker)}},
		{"lines with K below n", []Option{WithBounds(5, 5), WithK(4), WithChecker(LinesChecker)}},
		{"renju for three", []Option{WithRule(Renju), WithPlayers(3)}},
		{"renju with K = 6", []Option{WithRule(Renju), WithK(6)}},
		{"renju with K = 4", []Option{WithRule(Renju), WithK(4)}},
		{"renju on a torus", []Option{WithRule(Renju), WithBounds(15, 15), WithTorus()}},
		{"renju on a board too small for five", []Option{WithRule(Renju), WithBounds(4, 4)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.opts...)
			assert.Nil(t, g)
			assert.ErrorIs(t, err, ErrBadConfig)
		})
	}
}

func TestGoodConfigurations(t *testing.T) {
	for _, opts := range [][]Option{
		{WithBounds(1, 5), WithK(5)},
		{WithBounds(5, 1), WithK(5)},
		{WithPlayers(MaxPlayers)},
		{WithBounds(1<<31, 1<<31)},
		{WithBounds(3, 3), WithK(3), WithChecker(LinesChecker)},
		{WithK(200)},
		{WithRule(Renju)},
		{WithRule(Renju), WithBounds(15, 15)},
		{WithRule(Renju), WithBounds(1, 5), WithFreeOrder()},
		{WithRule(Renju), WithBounds(5, 5), WithChecker(LinesChecker)},
	} {
		_, err := New(opts...)
		assert.NoError(t, err)
	}
}

func TestAutoCheckerResolves(t *testing.T) {
	assert.Equal(t, WalkChecker, AutoChecker.resolve(DefaultConfig()))
	big := DefaultConfig()
	big.K = walkLimit + 1
	assert.Equal(t, RunsChecker, AutoChecker.resolve(big))
	assert.Equal(t, LinesChecker, LinesChecker.resolve(big))
}

func TestEnumsRoundTrip(t *testing.T) {
	for _, r := range []Rule{Freestyle, Exact, Renju} {
		got, err := ParseRule(r.String())
		require.NoError(t, err)
		assert.Equal(t, r, got)
	}
	_, err := ParseRule("caro")
	assert.ErrorIs(t, err, ErrBadConfig)
	assert.ErrorContains(t, err, "freestyle, exact, renju")
	for _, k := range []CheckerKind{AutoChecker, WalkChecker, LinesChecker, RunsChecker} {
		got, err := ParseChecker(k.String())
		require.NoError(t, err)
		assert.Equal(t, k, got)
	}
	_, err = ParseChecker("magic")
	assert.ErrorIs(t, err, ErrBadConfig)
	assert.Equal(t, "Rule(7)", Rule(7).String())
	assert.Equal(t, "drawn", Drawn.String())
	assert.Equal(t, "free", FreeOrder.String())
	for _, o := range []TurnOrder{Rotation, FreeOrder} {
		got, err := ParseTurnOrder(o.String())
		require.NoError(t, err)
		assert.Equal(t, o, got)
	}
	_, err = ParseTurnOrder("TurnOrder(7)")
	assert.ErrorIs(t, err, ErrBadConfig)
	assert.Equal(t, "K=3, 2 players, 3×3, freestyle, rotation",
		Config{K: 3, Players: 2, Rows: 3, Cols: 3}.String())
}

// The checker and the layout are tuning beside the rules: WithConfig, in
// any position, replaces the rules and keeps them, and a clone keeps them.
func TestTuningBesideTheRules(t *testing.T) {
	rules := Config{K: 3, Players: 2, Rows: 3, Cols: 3, Rule: Exact}
	g, err := New(WithChecker(LinesChecker), WithLayout(sparse.GoMapCell), WithConfig(rules))
	require.NoError(t, err)
	assert.Equal(t, rules, g.Config())
	assert.Equal(t, LinesChecker, g.Checker())
	assert.Equal(t, sparse.GoMapCell, g.Layout())
	c := g.Clone()
	assert.Equal(t, LinesChecker, c.Checker())
	assert.Equal(t, sparse.GoMapCell, c.Layout())

	auto, err := New(WithK(walkLimit + 1))
	require.NoError(t, err)
	assert.Equal(t, RunsChecker, auto.Checker(), "AutoChecker reports what it picked")
	assert.Equal(t, sparse.SwissTile, auto.Layout())
}
