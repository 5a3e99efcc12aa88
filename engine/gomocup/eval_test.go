package gomocup_test

import (
	"math"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

func TestParseEval(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want gomocup.Eval
		ok   bool
	}{
		{"-107", gomocup.Eval{Value: -107}, true},
		{"+35", gomocup.Eval{Value: 35}, true},
		{"35", gomocup.Eval{Value: 35}, true},
		{"0", gomocup.Eval{}, true},
		{"-0", gomocup.Eval{}, true},
		{"+M29", gomocup.Eval{Value: 29, Mate: 1}, true},
		{"M3", gomocup.Eval{Value: 3, Mate: 1}, true},
		{"-M12", gomocup.Eval{Value: 12, Mate: -1}, true},
		{"+M0", gomocup.Eval{Mate: 1}, true},
		{"VAL_NONE", gomocup.Eval{}, false},
		{"", gomocup.Eval{}, false},
		{"-", gomocup.Eval{}, false},
		{"M", gomocup.Eval{}, false},
		{"-M", gomocup.Eval{}, false},
		{"M-3", gomocup.Eval{}, false},
		{"+-3", gomocup.Eval{}, false},
		{"1.5", gomocup.Eval{}, false},
		{"1e3", gomocup.Eval{}, false},
		{" 5", gomocup.Eval{}, false},
		{"5|", gomocup.Eval{}, false},
		{"m3", gomocup.Eval{}, false},
		{"99999999999999999999", gomocup.Eval{}, false},
	} {
		got, ok := gomocup.ParseEval(tt.in)
		assert.Equal(t, tt.ok, ok, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
}

func TestMessageEval(t *testing.T) {
	for _, tt := range []struct {
		line, field string
		found       bool
	}{
		{"MESSAGE Speed 436K | Depth 11-18 | Eval -127 | Node 17K | Time 40ms", "-127", true},
		{"MESSAGE Depth 3 | Eval +M29", "+M29", true},
		{"MESSAGE Depth 3 | Eval -M4 | Node 1", "-M4", true},
		{"message Eval 12", "12", true},
		{"MESSAGE Speed 6000 | Depth 0-0 | Eval VAL_NONE | Node 6", "VAL_NONE", true},
		{"MESSAGE Eval garbage!", "garbage!", true},
		{"MESSAGE Bestline H8 H9", "", false},
		{"MESSAGE thinking", "", false},
		{"MESSAGE MyEval 5", "", false},
		{"MESSAGE Eval", "", false},
		{"DEBUG Eval 5", "", false},
		{"7,7", "", false},
		{"Eval 5", "", false},
		{"", "", false},
	} {
		field, found := gomocup.MessageEval(tt.line, nil)
		assert.Equal(t, tt.found, found, tt.line)
		assert.Equal(t, tt.field, field, tt.line)
	}
	score := regexp.MustCompile(`score=(\S+)`)
	field, found := gomocup.MessageEval("MESSAGE depth=9 score=-M7", score)
	assert.True(t, found)
	assert.Equal(t, "-M7", field)
	_, found = gomocup.MessageEval("MESSAGE Eval 5", score)
	assert.False(t, found, "another pattern replaces Rapfi's")
	_, found = gomocup.MessageEval("MESSAGE Eval 5", regexp.MustCompile(`Eval`))
	assert.False(t, found, "a pattern without a group finds nothing")
}

func TestEvalString(t *testing.T) {
	for _, tt := range []struct {
		e    gomocup.Eval
		want string
	}{
		{gomocup.Eval{}, "+0"}, {gomocup.Eval{Value: 35}, "+35"}, {gomocup.Eval{Value: -107}, "-107"},
		{gomocup.Eval{Value: 9, Mate: 1}, "+M9"}, {gomocup.Eval{Value: 12, Mate: -1}, "-M12"},
	} {
		assert.Equal(t, tt.want, tt.e.String())
		back, ok := gomocup.ParseEval(tt.want)
		assert.True(t, ok, tt.want)
		assert.Equal(t, tt.e, back, tt.want)
	}
	assert.Equal(t, gomocup.Eval{Value: -35}, gomocup.Eval{Value: 35}.Neg())
	assert.Equal(t, gomocup.Eval{Value: 5, Mate: -1}, gomocup.Eval{Value: 5, Mate: 1}.Neg())
	assert.Equal(t, gomocup.Eval{Value: 5, Mate: 1}, gomocup.Eval{Value: 5, Mate: -1}.Neg())
}

func TestEvalWinChance(t *testing.T) {
	for _, tt := range []struct {
		e    gomocup.Eval
		want float64
	}{
		{gomocup.Eval{}, 0.5},
		{gomocup.Eval{Value: 200}, 1 / (1 + math.Exp(-1))},
		{gomocup.Eval{Value: -200}, 1 / (1 + math.Exp(1))},
		{gomocup.Eval{Value: 29, Mate: 1}, 1},
		{gomocup.Eval{Value: 3, Mate: -1}, 0},
	} {
		assert.InDelta(t, tt.want, tt.e.WinChance(200), 1e-12, tt.e.String())
	}
	assert.InDelta(t, 0.7311, gomocup.Eval{Value: 200}.WinChance(200), 1e-4, "Rapfi's scale: 200 is e:1")
	assert.InDelta(t, 1-0.7311, gomocup.Eval{Value: 200}.Neg().WinChance(200), 1e-4)
}
