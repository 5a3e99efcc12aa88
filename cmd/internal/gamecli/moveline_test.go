package gamecli

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseMoveLine(t *testing.T) {
	tests := []struct {
		line       string
		withPlayer bool
		want       [3]int
		skip       bool
		err        string
	}{
		{line: "3 4", want: [3]int{3, 4, 0}},
		{line: "-3\t+4", want: [3]int{-3, 4, 0}},
		{line: "3,4", want: [3]int{3, 4, 0}},
		{line: "  3 ,\t4  \r", want: [3]int{3, 4, 0}},
		{line: "3 4 2", withPlayer: true, want: [3]int{3, 4, 2}},
		{line: "3,4,2", withPlayer: true, want: [3]int{3, 4, 2}},
		{line: "", skip: true},
		{line: " \t\r", skip: true},
		{line: "# 3 4", skip: true},
		{line: "   #", skip: true},
		{line: "3", err: "want ROW COL"},
		{line: "3 4 2", err: "need --free-order"},
		{line: "3 4", withPlayer: true, err: "want ROW COL PLAYER"},
		{line: "3 4 2 1", withPlayer: true, err: "want ROW COL PLAYER"},
		{line: "3 4 # note", err: "want a number, got '#'"},
		{line: "3;4", err: "unexpected ';'"},
		{line: "3,,4", err: "want a number, got ','"},
		{line: ",3 4", err: "want a number, got ','"},
		{line: "3 4,", err: "nothing after the comma"},
		{line: "3 -", err: "a sign without a number"},
		{line: "3 --4", err: "a sign without a number"},
		{line: "0x10 1", err: "unexpected 'x'"},
		{line: "9007199254740993 1", err: "number too large"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, skip, err := ParseMoveLine([]byte(tt.line), tt.withPlayer)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.skip, skip)
			assert.Equal(t, tt.want, got)
		})
	}
}

// FuzzParseMoveLine checks the hand-written parser against a simple
// reference: split on blanks with at most one comma between fields.
func FuzzParseMoveLine(f *testing.F) {
	for _, s := range []string{"3 4", "-1,2", " 7\t, -8 ", "1 2 3", "# x", "", "3,,4", "+0 -0", "12345678901234567890 1"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, line string, withPlayer bool) {
		got, skip, err := ParseMoveLine([]byte(line), withPlayer)
		want, wantSkip, ok := referenceParse(line, withPlayer)
		if !ok {
			require.Error(t, err, "accepted %q as %v", line, got)
			return
		}
		require.NoError(t, err, "refused %q", line)
		require.Equal(t, wantSkip, skip)
		if !skip {
			require.Equal(t, want, got)
		}
	})
}

func referenceParse(line string, withPlayer bool) (nums [3]int, skip, ok bool) {
	trimmed := strings.Trim(line, " \t\r")
	if trimmed == "" || trimmed[0] == '#' {
		return nums, true, true
	}
	// Make each separator (blanks with at most one comma) a single '|'.
	var fields []string
	rest := trimmed
	for rest != "" {
		end := strings.IndexAny(rest, " \t\r,")
		if end < 0 {
			fields = append(fields, rest)
			break
		}
		fields = append(fields, rest[:end])
		sep := rest[end:]
		after := strings.TrimLeft(sep, " \t\r")
		if strings.HasPrefix(after, ",") {
			after = strings.TrimLeft(after[1:], " \t\r")
		}
		if after == sep || after == "" {
			return nums, false, false // e.g. ",," or a trailing comma
		}
		rest = after
	}
	want := 2
	if withPlayer {
		want = 3
	}
	if len(fields) != want {
		return nums, false, false
	}
	for i, f := range fields {
		if f == "" || f[0] == '+' && len(f) > 1 && (f[1] == '-' || f[1] == '+') {
			return nums, false, false
		}
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil || v > maxLiteral || v < -maxLiteral {
			return nums, false, false
		}
		nums[i] = int(v)
	}
	return nums, false, true
}
