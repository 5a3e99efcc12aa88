package record_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

func TestParseMoveString(t *testing.T) {
	tests := []struct {
		in   string
		want []record.Move
	}{
		{"", nil},
		{"h8", []record.Move{{Row: 7, Col: 7}}},
		{"h8i9j10", []record.Move{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 9, Col: 9}}},
		{"H8 I9\n\tz100", []record.Move{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 99, Col: 25}}},
		{"a1o15", []record.Move{{Row: 0, Col: 0}, {Row: 14, Col: 14}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			rec, err := record.ParseMoveString(tt.in)
			require.NoError(t, err)
			checkRecord(t, rec)
			assert.Equal(t, tt.want, rec.Moves)
			assert.False(t, rec.Bounded(), "a move string states no board size")
		})
	}
}

func TestParseMoveStringErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, pos int
		err       error
		detail    string
	}{
		{"h", 1, 1, record.ErrSyntax, "needs a row number"},
		{"h8i", 1, 3, record.ErrSyntax, "needs a row number"},
		{"8h", 1, 1, record.ErrSyntax, "column letter"},
		{"h8,i9", 1, 3, record.ErrSyntax, "column letter"},
		{"h0", 1, 1, engine.ErrOffBoard, "from 1"},
		{"h8\nh8", 2, 1, engine.ErrOccupied, "move 2 (h8)"},
		{"h8 i9 j99999999", 1, 7, engine.ErrOffBoard, "longer than"},
		{"h8é", 1, 3, record.ErrSyntax, "column letter"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := record.ParseMoveString(tt.in)
			var se *record.SyntaxError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, record.MoveString, se.Format)
			assert.Equal(t, [2]int{tt.line, tt.pos}, [2]int{se.Line, se.Pos}, "%v", err)
			assert.ErrorIs(t, err, tt.err)
			assert.Contains(t, err.Error(), tt.detail)
		})
	}
}

func TestCells(t *testing.T) {
	rec, err := record.ParseMoveString("h8i9")
	require.NoError(t, err)
	assert.Equal(t, []sparse.Cell{{Row: 7, Col: 7}, {Row: 8, Col: 8}}, record.Cells(rec.Moves))
	assert.Empty(t, record.Cells(nil))
}

func TestMoveStringOrientation(t *testing.T) {
	// Top-down: "a1" is the top-left cell whatever the board's height.
	rec, err := record.ParseMoveString("a1")
	require.NoError(t, err)
	assert.Equal(t, record.Move{Row: 0, Col: 0}, rec.Moves[0])

	// Bottom-up on 15 rows: "a1" is the bottom-left cell, the centre h8 stays.
	rec, err = record.ParseMoveStringBottomUp("a1h8o15", 15)
	require.NoError(t, err)
	assert.Equal(t, []record.Move{{Row: 14, Col: 0}, {Row: 7, Col: 7}, {Row: 0, Col: 14}}, rec.Moves)
	assert.Equal(t, 15, rec.Rows)
	s, err := record.FormatMoveStringBottomUp(rec.Moves, 15)
	require.NoError(t, err)
	assert.Equal(t, "a1h8o15", s)

	_, err = record.ParseMoveStringBottomUp("a16", 15)
	require.ErrorIs(t, err, engine.ErrOffBoard)
	_, err = record.ParseMoveStringBottomUp("a1", 0)
	require.ErrorIs(t, err, record.ErrUnsupported)
	_, err = record.FormatMoveStringBottomUp([]record.Move{{Row: 15}}, 15)
	require.ErrorIs(t, err, engine.ErrOffBoard)
}

func TestFormatMoveString(t *testing.T) {
	s, err := record.FormatMoveString([]record.Move{{Row: 7, Col: 7}, {Row: 9, Col: 25}})
	require.NoError(t, err)
	assert.Equal(t, "h8z10", s)

	for _, m := range []record.Move{{Row: 0, Col: 26}, {Row: -1, Col: 0}, {Row: 0, Col: -1}} {
		_, err := record.FormatMoveString([]record.Move{m})
		assert.ErrorIs(t, err, record.ErrUnsupported, "%+v", m)
	}
}

func TestDetectAndLoad(t *testing.T) {
	tests := []struct {
		in   string
		want record.Format
	}{
		{gomocupPSQ, record.PSQ},
		{"\uFEFF  Piskvorky 15x15, 0:0, 0\n", record.PSQ},
		{"h8i9j10\n", record.MoveString},
		{" H8 i9 ", record.MoveString},
		{`{"version":1}`, record.Unknown},
		{"", record.Unknown},
		{"h8i", record.Unknown},
		{"8h", record.Unknown},
		{"hh8", record.Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			assert.Equal(t, tt.want, record.Detect([]byte(tt.in)))
			rec, f, err := record.Load([]byte(tt.in))
			assert.Equal(t, tt.want, f)
			if tt.want == record.Unknown {
				require.Error(t, err)
				assert.Nil(t, rec)
				return
			}
			require.NoError(t, err)
			checkRecord(t, rec)
		})
	}
	_, _, err := record.Load([]byte(" \n"))
	assert.ErrorIs(t, err, record.ErrEmpty)
	_, _, err = record.Load([]byte("{}"))
	assert.ErrorIs(t, err, record.ErrUnknownFormat)
}

func TestParseFormat(t *testing.T) {
	for _, f := range []record.Format{record.PSQ, record.MoveString, record.SGF} {
		got, err := record.ParseFormat(f.String())
		require.NoError(t, err)
		assert.Equal(t, f, got)
	}
	_, err := record.ParseFormat("renlib")
	assert.ErrorIs(t, err, record.ErrUnknownFormat)
	assert.Equal(t, "Format(9)", record.Format(9).String())
}

func TestSaveAndLoadFile(t *testing.T) {
	dir := t.TempDir()
	rec, err := record.ParsePSQ(gomocupPSQ)
	require.NoError(t, err)

	for _, f := range []record.Format{record.PSQ, record.MoveString} {
		path := filepath.Join(dir, "game."+f.String())
		require.NoError(t, record.Save(path, rec, f))
		back, got, err := record.LoadFile(path)
		require.NoError(t, err)
		assert.Equal(t, f, got)
		assert.Equal(t, rec.Moves, zeroTimes(back.Moves, f == record.MoveString, rec.Moves))
	}

	// A failed save leaves the previous file as it was.
	path := filepath.Join(dir, "game.psq")
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Error(t, record.Save(path, &record.Record{}, record.PSQ))
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "no temporary files left behind")

	_, _, err = record.LoadFile(filepath.Join(dir, "missing.psq"))
	require.Error(t, err)
	require.NoError(t, os.WriteFile(path, []byte("Piskvorky 15x15\n1,x\n"), 0o644))
	_, _, err = record.LoadFile(path)
	require.ErrorContains(t, err, "game.psq: record: psq line 2")
}

// zeroTimes gives moves read from a move string the times of the original,
// which move strings do not carry.
func zeroTimes(got []record.Move, restore bool, orig []record.Move) []record.Move {
	if !restore {
		return got
	}
	out := make([]record.Move, len(got))
	for i, m := range got {
		m.TimeMS = orig[i].TimeMS
		out[i] = m
	}
	return out
}
