package gomocup_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

func TestParseEval(t *testing.T) {
	for _, tt := range []struct {
		in          string
		value, mate int
		ok          bool
	}{
		{"-107", -107, 0, true},
		{"+35", 35, 0, true},
		{"0", 0, 0, true},
		{"+M29", 29, 1, true},
		{"M3", 3, 1, true},
		{"-M12", 12, -1, true},
		{"VAL_NONE", 0, 0, false},
		{"", 0, 0, false},
		{"-", 0, 0, false},
		{"M", 0, 0, false},
		{"+-3", 0, 0, false},
		{"1.5", 0, 0, false},
		{"99999999999999999999", 0, 0, false},
	} {
		v, m, ok := gomocup.ParseEval(tt.in)
		assert.Equal(t, tt.ok, ok, tt.in)
		assert.Equal(t, tt.value, v, tt.in)
		assert.Equal(t, tt.mate, m, tt.in)
	}
}
