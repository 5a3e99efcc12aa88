package record_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/record"
)

// FuzzPSQ: any input parses or fails cleanly, and whatever parses writes
// back to text that parses to the same record.
func FuzzPSQ(f *testing.F) {
	for _, s := range []string{
		gomocupPSQ,
		"Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,12\nhomo-1\nhomo-2\n0\n",
		"Piskvorky 30x20\n30,20\n",
		"Piskvorky 5x5, 1:2, 1\n1,1,0\n-1\n",
		"Piskvorky 15x15, 0:0, 0\n8,8,0\n8,x,0\n",
		"Piskvorky 1x1\n1,1,0\n",
	} {
		f.Add(s)
	}
	// Only names or trailer lines that would read back differently are
	// refused; the moves and header always write.
	f.Fuzz(func(t *testing.T, text string) { roundTrip(t, text, record.ParsePSQ, record.FormatPSQ) })
}

// roundTrip checks that text parses or fails cleanly, and that whatever
// parses writes back, unless the format cannot hold some of it, to text
// that parses to the same record.
func roundTrip(t *testing.T, text string, parse func(string) (*record.Record, error), format func(*record.Record) (string, error)) {
	rec, err := parse(text)
	if err != nil {
		require.Nil(t, rec)
		var se *record.SyntaxError
		require.ErrorAs(t, err, &se)
		require.Positive(t, se.Line)
		return
	}
	checkRecord(t, rec)
	out, err := format(rec)
	if err != nil {
		require.ErrorIs(t, err, record.ErrUnsupported)
		return
	}
	back, err := parse(out)
	require.NoError(t, err, "re-reading %q", out)
	require.Equal(t, rec, back)
}

// FuzzMoveString: any input parses or fails cleanly; what parses writes
// back to the same moves, and Detect agrees with the parser.
func FuzzMoveString(f *testing.F) {
	for _, s := range []string{"h8i9j10", "H8 I9\nz26", "h", "8h", "a1a1", "h8é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rec, err := record.ParseMoveString(s)
		if err != nil {
			var se *record.SyntaxError
			require.ErrorAs(t, err, &se)
			return
		}
		checkRecord(t, rec)
		out, err := record.FormatMoveString(rec.Moves)
		require.NoError(t, err)
		back, err := record.ParseMoveString(out)
		require.NoError(t, err)
		require.Equal(t, rec.Moves, back.Moves)
		if len(rec.Moves) > 0 {
			require.Equal(t, record.MoveString, record.Detect([]byte(s)))
		}
	})
}

// FuzzSGF: any input parses or fails cleanly, and whatever parses writes
// back to text that parses to the same record.
func FuzzSGF(f *testing.F) {
	for _, s := range []string{
		cliSGF,
		"(;GM[4]SZ[15];B[hh](;W[ii];B[jj])(;W[aa]))",
		"(;GM[4]PB[a\\]b\\\\c]PW[x\\\ny])",
		"(;FF[4]GM[4]SZ[20:15]RU[0]AP[x][y];B[aa]C[0ms];W[Ab]C[9ms])",
		"(;GM[4];B[aa];B[bb])",
		"(;GM[4]RU[renju]",
	} {
		f.Add(s)
	}
	// Only root properties that would read back as others are refused;
	// moves, size, rule and names always write.
	f.Fuzz(func(t *testing.T, text string) { roundTrip(t, text, record.ParseSGF, record.FormatSGF) })
}

// FuzzLoad: Load never panics and agrees with Detect.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{gomocupPSQ, "h8i9", "{}", "", "\uFEFFh8", cliSGF, "( ;B[aa])"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, format, err := record.Load(data)
		require.Equal(t, record.Detect(data), format)
		if err == nil {
			checkRecord(t, rec)
		}
	})
}
