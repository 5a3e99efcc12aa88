package record_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// gomocupPSQ is shaped like a file from the Gomocup result archives: names,
// a result code and an extra rule line after the moves, CR LF line ends.
const gomocupPSQ = "Piskvorky 20x20, 11:11, 0\r\n" +
	"10,10,0\r\n11,11,1510\r\n10,11,2984\r\n" +
	"pbrain-one.zip\r\npbrain-two.zip\r\n-1\r\n0,Freestyle20_1\r\n"

// checkRecord asserts the invariants every parsed record keeps.
func checkRecord(t *testing.T, rec *record.Record) {
	t.Helper()
	seen := map[[2]int]bool{}
	for i, m := range rec.Moves {
		require.False(t, seen[[2]int{m.Row, m.Col}], "move %d repeats a cell", i+1)
		seen[[2]int{m.Row, m.Col}] = true
		require.GreaterOrEqual(t, m.Row, 0)
		require.GreaterOrEqual(t, m.Col, 0)
		if rec.Rows > 0 {
			require.Less(t, m.Row, rec.Rows)
		}
		if rec.Cols > 0 {
			require.Less(t, m.Col, rec.Cols)
		}
		require.GreaterOrEqual(t, m.TimeMS, 0)
	}
	require.LessOrEqual(t, len(rec.Names), 2)
}

func TestParsePSQGomocupFile(t *testing.T) {
	rec, err := record.ParsePSQ(gomocupPSQ)
	require.NoError(t, err)
	checkRecord(t, rec)
	assert.Equal(t, &record.Record{
		Rows: 20, Cols: 20,
		Moves: []record.Move{
			{Row: 9, Col: 9, TimeMS: 0}, {Row: 10, Col: 10, TimeMS: 1510}, {Row: 10, Col: 9, TimeMS: 2984},
		},
		Levels: [2]int{11, 11}, Begin: 0,
		Names:     []string{"pbrain-one.zip", "pbrain-two.zip"},
		HasResult: true, Result: -1,
		Extra: []string{"0,Freestyle20_1"},
	}, rec)

	out, err := record.FormatPSQ(rec)
	require.NoError(t, err)
	assert.Equal(t, strings.ReplaceAll(gomocupPSQ, "\r\n", "\n"), out, "written back unchanged apart from line ends")
}

func TestParsePSQVariants(t *testing.T) {
	tests := []struct {
		name string
		text string
		want record.Record
	}{
		{"header only", "Piskvorky 15x15, 0:0, 0\n",
			record.Record{Rows: 15, Cols: 15}},
		{"short header", "Piskvorky 15x15\n8,8,5\n",
			record.Record{Rows: 15, Cols: 15, Moves: []record.Move{{Row: 7, Col: 7, TimeMS: 5}}}},
		{"rectangular, x is the column", "Piskvorky 30x20, 0:3, 1\n30,1,0\n1,20,0\n0\n",
			record.Record{Rows: 20, Cols: 30, Levels: [2]int{0, 3}, Begin: 1,
				Moves:     []record.Move{{Row: 0, Col: 29}, {Row: 19, Col: 0}},
				HasResult: true, Result: 0}},
		{"moves without time, blank lines", "Piskvorky 15x15, 0:0, 0\n\n8,8\n \n9, 9\n",
			record.Record{Rows: 15, Cols: 15, Moves: []record.Move{{Row: 7, Col: 7}, {Row: 8, Col: 8}}}},
		{"human names, no result", "Piskvorky 15x15, 0:0, 0\n8,8,0\nhomo-1\nhomo-2\n",
			record.Record{Rows: 15, Cols: 15, Moves: []record.Move{{Row: 7, Col: 7}}, Names: []string{"homo-1", "homo-2"}}},
		{"leading blank lines", "\n\nPiskvorky 15x15, 0:0, 0\n",
			record.Record{Rows: 15, Cols: 15}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := record.ParsePSQ(tt.text)
			require.NoError(t, err)
			checkRecord(t, rec)
			assert.Equal(t, &tt.want, rec)
		})
	}
}

func TestParsePSQErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		err        error
		detail     string
	}{
		{"empty", "", 1, record.ErrEmpty, "empty file"},
		{"not psq", "hello\n", 1, record.ErrSyntax, "header must start"},
		{"glued magic", "Piskvorky15x15\n", 1, record.ErrSyntax, "header must start"},
		{"bad size", "Piskvorky 15y15, 0:0, 0\n", 1, record.ErrSyntax, "WxH"},
		{"zero size", "Piskvorky 0x15, 0:0, 0\n", 1, record.ErrSyntax, "out of range"},
		{"bad levels", "Piskvorky 15x15, a:0, 0\n", 1, record.ErrSyntax, "levels"},
		{"bad begin", "Piskvorky 15x15, 0:0, 2\n", 1, record.ErrSyntax, "0 or 1"},
		{"too many fields", "Piskvorky 15x15, 0:0, 0, 7\n", 1, record.ErrSyntax, "more than three"},
		{"bad move", "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,x,0\n", 3, record.ErrSyntax, "field 2"},
		{"four fields", "Piskvorky 15x15, 0:0, 0\n8,8,0,1\n", 2, record.ErrSyntax, "x,y,time"},
		{"zero-based by mistake", "Piskvorky 15x15, 0:0, 0\n0,5,0\n", 2, engine.ErrOffBoard, "1-based"},
		{"past the edge", "Piskvorky 15x15, 0:0, 0\n16,5,0\n", 2, engine.ErrOffBoard, "off the 15x15"},
		{"negative time", "Piskvorky 15x15, 0:0, 0\n1,5,-3\n", 2, record.ErrSyntax, "negative"},
		{"duplicate", "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n\n8,8,0\n", 5, engine.ErrOccupied, "move 3"},
		{"huge number", "Piskvorky 15x15, 0:0, 0\n99999999999999999999,1,0\n", 2, record.ErrSyntax, "whole number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := record.ParsePSQ(tt.text)
			require.Error(t, err)
			assert.Nil(t, rec)
			var se *record.SyntaxError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tt.line, se.Line, "line of %v", err)
			assert.Equal(t, record.PSQ, se.Format)
			assert.ErrorIs(t, err, tt.err)
			assert.Contains(t, err.Error(), tt.detail)
			assert.Contains(t, err.Error(), "line ")
		})
	}
}

func TestWritePSQRefusesWhatWouldNotReadBack(t *testing.T) {
	base := func() *record.Record {
		return &record.Record{Rows: 15, Cols: 15, Moves: []record.Move{{Row: 7, Col: 7}}}
	}
	tests := []struct {
		name   string
		change func(r *record.Record)
		err    error
	}{
		{"unbounded", func(r *record.Record) { r.Rows, r.Cols = 0, 0 }, record.ErrUnsupported},
		{"off board", func(r *record.Record) { r.Moves[0].Col = 15 }, engine.ErrOffBoard},
		{"duplicate", func(r *record.Record) { r.Moves = append(r.Moves, r.Moves[0]) }, engine.ErrOccupied},
		{"numeric name", func(r *record.Record) { r.Names = []string{"42", "b"} }, record.ErrUnsupported},
		{"multi-line name", func(r *record.Record) { r.Names = []string{"a\nb", "c"} }, record.ErrUnsupported},
		{"three names", func(r *record.Record) { r.Names = []string{"a", "b", "c"} }, record.ErrUnsupported},
		{"extra without result", func(r *record.Record) { r.Extra = []string{"x"} }, record.ErrUnsupported},
		{"bad begin", func(r *record.Record) { r.Begin = 2 }, record.ErrUnsupported},
		{"negative time", func(r *record.Record) { r.Moves[0].TimeMS = -1 }, record.ErrUnsupported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := base()
			tt.change(r)
			var sb strings.Builder
			err := record.WritePSQ(&sb, r)
			require.ErrorIs(t, err, tt.err)
			assert.Empty(t, sb.String(), "nothing written on error")
		})
	}
}

func TestPSQRoundTripFromGame(t *testing.T) {
	g, err := engine.New(engine.WithBounds(15, 15))
	require.NoError(t, err)
	for _, c := range [][2]int{{7, 7}, {8, 8}, {7, 8}, {8, 9}, {7, 9}, {8, 10}, {7, 10}, {8, 11}, {7, 11}} {
		_, err := g.Play(c[0], c[1])
		require.NoError(t, err)
	}
	require.Equal(t, engine.Won, g.Status())
	rec, err := record.FromGame(g)
	require.NoError(t, err)
	rec.Names, rec.HasResult, rec.Result = []string{"search", "greedy"}, true, 0

	text, err := record.FormatPSQ(rec)
	require.NoError(t, err)
	back, err := record.ParsePSQ(text)
	require.NoError(t, err)
	assert.True(t, rec.HasRule, "FromGame records the rule")
	rec.HasRule = false // which .psq does not carry
	assert.Equal(t, rec, back)

	replayed, err := back.Game()
	require.NoError(t, err)
	assert.Equal(t, g.History(), replayed.History())
	assert.Equal(t, 1, replayed.Winner())
}

func TestRecordGameRefusesIllegalMoves(t *testing.T) {
	// Legal as a record (distinct cells) but the game is over after move 9.
	rec, err := record.ParseMoveString("h8a1i8a2j8a3k8a4l8a5")
	require.NoError(t, err)
	_, err = rec.Game(engine.WithK(5))
	require.ErrorIs(t, err, record.ErrIllegal)
	require.ErrorIs(t, err, engine.ErrGameOver)
	assert.Contains(t, err.Error(), "move 10")

	// A move string plays on the caller's board: off a 5×5 one, h8 is refused.
	rec, err = record.ParseMoveString("a1h8")
	require.NoError(t, err)
	_, err = rec.Game(engine.WithBounds(5, 5))
	require.ErrorIs(t, err, engine.ErrOffBoard)
	assert.Contains(t, err.Error(), "move 2")
	g, err := rec.Game(engine.WithBounds(15, 15))
	require.NoError(t, err)
	assert.Equal(t, 15, g.Config().Rows)

	// A psq record's own size wins over the caller's.
	rec.Rows, rec.Cols = 9, 9
	g, err = rec.Game(engine.WithBounds(15, 15))
	require.NoError(t, err)
	assert.Equal(t, [2]int{9, 9}, [2]int{g.Config().Rows, g.Config().Cols})
}

func TestFromGameRefusesWhatRecordsCannotHold(t *testing.T) {
	g, err := engine.New(engine.WithPlayers(3), engine.WithBounds(9, 9))
	require.NoError(t, err)
	_, err = record.FromGame(g)
	require.ErrorIs(t, err, record.ErrUnsupported)

	g, err = engine.New(engine.WithFreeOrder(), engine.WithBounds(9, 9))
	require.NoError(t, err)
	_, err = g.PlayAs(0, 0, 2)
	require.NoError(t, err)
	_, err = record.FromGame(g)
	require.ErrorIs(t, err, record.ErrUnsupported)
}

func TestRecordsRefuseATorus(t *testing.T) {
	g, err := engine.New(engine.WithBounds(9, 9), engine.WithTorus())
	require.NoError(t, err)
	_, err = g.Play(4, 4)
	require.NoError(t, err)
	rec, err := record.FromGame(g)
	assert.Nil(t, rec)
	require.ErrorIs(t, err, record.ErrUnsupported)
	assert.EqualError(t, err, "record: game cannot be written in this format: a torus (lines wrapping around the edges) cannot be recorded in .psq, SGF or move strings, which know flat boards only; save it as a game file (JSON)")

	for _, text := range []string{"Piskvorky 9x9, 11:11, 0\n5,5,0\n", "e5"} {
		rec, _, err := record.Load([]byte(text))
		require.NoError(t, err)
		g, err := rec.Game(engine.WithBounds(9, 9), engine.WithTorus())
		assert.Nil(t, g, "%q", text)
		require.ErrorIs(t, err, record.ErrUnsupported, "%q", text)
	}
}
