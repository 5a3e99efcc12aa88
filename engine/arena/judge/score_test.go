package main

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/record"
)

// tinySuite has three positions whose labels make the losses easy to
// work out: win rate 1/(1+e^(−eval/200)).
const tinySuite = `h8 rule=freestyle size=15 nodes=10 eval=+0 best=h9 moves=h9:+0,i9:-200,g9:+400
h8h9 rule=freestyle size=15 nodes=10 eval=+0 best=i9 moves=i9:+200,j9:+200,g9:-M9
h8h9i9 rule=exact size=15 nodes=10 eval=+0 best=j9 moves=j9:+0,g9:-100
`

func cell(s string) record.Move {
	m, err := parseCell(s)
	if err != nil {
		panic(err)
	}
	return m
}

func cells(ss ...string) []record.Move {
	out := make([]record.Move, len(ss))
	for i, s := range ss {
		out[i] = cell(s)
	}
	return out
}

func sigmoid(v float64) float64 { return 1 / (1 + math.Exp(-v/200)) }

func TestLossAgainstTheJudgesMove(t *testing.T) {
	s, err := parseSuite(strings.NewReader(tinySuite))
	require.NoError(t, err)
	p := &s.positions[0]
	l, ok := p.loss(cell("h9"))
	assert.True(t, ok)
	assert.Zero(t, l, "the judge's own move loses nothing")
	l, _ = p.loss(cell("i9"))
	assert.InDelta(t, 0.5-sigmoid(-200), l, 1e-12)
	l, _ = p.loss(cell("g9"))
	assert.Zero(t, l, "a move read better than the judge's is no loss, not a gain")
	_, ok = p.loss(cell("a1"))
	assert.False(t, ok, "no label, no score")
	l, _ = s.positions[1].loss(cell("g9"))
	assert.InDelta(t, sigmoid(200), l, 1e-12, "a lost mate is win rate 0")
}

func TestSummarizeOnAHandMadeSuite(t *testing.T) {
	s, err := parseSuite(strings.NewReader(tinySuite))
	require.NoError(t, err)
	l1 := 0.5 - sigmoid(-200)
	l3 := 0.5 - sigmoid(-100)

	perfect := summarize(s, cells("h9", "i9", "j9"), 0.05)
	assert.Equal(t, 3, perfect.positions)
	assert.Zero(t, perfect.loss.mean)
	assert.Zero(t, perfect.loss.lo)
	assert.Zero(t, perfect.loss.hi)
	assert.Equal(t, 1.0, perfect.within.mean)
	assert.Equal(t, 1.0, perfect.best)

	// i9 loses l1, j9 reads as well as the judge's move, g9 loses l3;
	// only j9 is within 0.05.
	sm := summarize(s, cells("i9", "j9", "g9"), 0.05)
	assert.Equal(t, 3, sm.positions)
	assert.InDelta(t, (l1+l3)/3, sm.loss.mean, 1e-12)
	assert.InDelta(t, 1.0/3, sm.within.mean, 1e-12)
	assert.Zero(t, sm.best)
	assert.LessOrEqual(t, sm.loss.lo, sm.loss.mean)
	assert.GreaterOrEqual(t, sm.loss.hi, sm.loss.mean)
	assert.GreaterOrEqual(t, sm.loss.lo, 0.0)
	assert.LessOrEqual(t, sm.loss.hi, l1, "no resample's mean exceeds the largest loss")

	// An unlabelled move leaves its position out.
	part := summarize(s, cells("i9", "a1", "a1"), 0.05)
	assert.Equal(t, 1, part.positions)
	assert.InDelta(t, l1, part.loss.mean, 1e-12)

	d, n := paired(s, cells("i9", "j9", "g9"), cells("h9", "i9", "j9"))
	assert.Equal(t, 3, n)
	assert.InDelta(t, (l1+l3)/3, d.mean, 1e-12)
	d, _ = paired(s, cells("h9", "i9", "j9"), cells("h9", "i9", "j9"))
	assert.Zero(t, d.lo)
	assert.Zero(t, d.hi, "a build against itself: no difference in any resample")
}

func TestBootstrapIsReproducibleAndNarrowsWithSize(t *testing.T) {
	small := make([]float64, 50)
	large := make([]float64, 800)
	for i := range large {
		v := float64(i%10) / 10
		if i < len(small) {
			small[i] = v
		}
		large[i] = v
	}
	a, b := bootstrap(small), bootstrap(small)
	assert.Equal(t, a, b)
	c := bootstrap(large)
	assert.InDelta(t, 0.45, c.mean, 1e-12)
	assert.Less(t, c.hi-c.lo, (a.hi-a.lo)/3, "16 times the positions, about a quarter of the width")
	assert.Equal(t, interval{}, bootstrap(nil))
}
