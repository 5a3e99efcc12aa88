package matchcmd

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseTimeControl(t *testing.T) {
	for s, want := range map[string][2]time.Duration{
		"5+0.2":     {5 * time.Second, 200 * time.Millisecond},
		"5s+200ms":  {5 * time.Second, 200 * time.Millisecond},
		"1m":        {time.Minute, 0},
		" 0.5 + 0 ": {500 * time.Millisecond, 0},
	} {
		g, i, err := parseTimeControl(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, [2]time.Duration{g, i}, s)
	}
	for _, s := range []string{"", "+1", "-5", "5+-1", "5+x", "NaN", "1e7"} {
		_, _, err := parseTimeControl(s)
		assert.Error(t, err, s)
	}
}

func TestRoundDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		999: "999ns", 1234: "1.23µs", 139_274: "139µs", 8_081_234: "8.08ms", 1_234_567_890: "1.23s", 0: "0s",
	} {
		assert.Equal(t, want, roundDuration(d).String())
	}
}
