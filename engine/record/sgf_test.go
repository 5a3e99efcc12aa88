package record_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// cliSGF is shaped like c-gomoku-cli's -sgf output (Game::export_sgf):
// the root's game information, two opening moves marked as such, then the
// engines' moves with their times, eight to a line.
const cliSGF = "(;FF[4]GM[4]GN[3]EV[rapfi x gomoku]DT[2026.12.01 16:00:00]RO[2.1]RU[4]SZ[15]PB[rapfi]PW[gomoku]RE[B+1]TE[Black win by five connection]\n" +
	";B[hh]C[opening move];W[ih]C[opening move]\n" +
	";B[ii]C[1203ms];W[gg]C[857ms];B[jj]C[12ms])\n\n"

func TestParseSGFFromCGomokuCli(t *testing.T) {
	rec, err := record.ParseSGF(cliSGF)
	require.NoError(t, err)
	checkRecord(t, rec)
	assert.Equal(t, &record.Record{
		Rows: 15, Cols: 15,
		Moves: []record.Move{
			{Row: 7, Col: 7}, {Row: 7, Col: 8},
			{Row: 8, Col: 8, TimeMS: 1203}, {Row: 6, Col: 6, TimeMS: 857}, {Row: 9, Col: 9, TimeMS: 12},
		},
		HasRule: true, Rule: engine.Renju,
		Names: []string{"rapfi", "gomoku"},
		Info: []record.Property{
			{ID: "GN", Values: []string{"3"}},
			{ID: "EV", Values: []string{"rapfi x gomoku"}},
			{ID: "DT", Values: []string{"2026.12.01 16:00:00"}},
			{ID: "RO", Values: []string{"2.1"}},
			{ID: "RE", Values: []string{"B+1"}},
			{ID: "TE", Values: []string{"Black win by five connection"}},
		},
	}, rec)

	g, err := rec.Game()
	require.NoError(t, err)
	assert.Equal(t, engine.Renju, g.Config().Rule, "the record's rule wins over the default")
	assert.Equal(t, 15, g.Config().Rows)

	out, err := record.FormatSGF(rec)
	require.NoError(t, err)
	assert.Equal(t, "(;FF[4]GM[4]SZ[15]RU[4]PB[rapfi]PW[gomoku]GN[3]EV[rapfi x gomoku]DT[2026.12.01 16:00:00]RO[2.1]RE[B+1]TE[Black win by five connection]\n"+
		";B[hh];W[ih];B[ii]C[1203ms];W[gg]C[857ms];B[jj]C[12ms])\n", out)
	back, err := record.ParseSGF(out)
	require.NoError(t, err)
	assert.Equal(t, rec, back)
}

func TestSGFRoundTripFromGame(t *testing.T) {
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju} {
		t.Run(rule.String(), func(t *testing.T) {
			g, err := engine.New(engine.WithBounds(15, 20), engine.WithRule(rule))
			require.NoError(t, err)
			for _, c := range [][2]int{{7, 7}, {8, 8}, {7, 8}, {8, 9}, {7, 9}, {8, 10}, {7, 10}, {8, 11}, {7, 11}} {
				_, err := g.Play(c[0], c[1])
				require.NoError(t, err)
			}
			require.Equal(t, engine.Won, g.Status())
			rec, err := record.FromGame(g)
			require.NoError(t, err)
			rec.Names = []string{"search] \\ ", "greedy"}

			text, err := record.FormatSGF(rec)
			require.NoError(t, err)
			assert.Contains(t, text, "SZ[20:15]")
			back, err := record.ParseSGF(text)
			require.NoError(t, err)
			assert.Equal(t, rec, back)

			// Played under its own rule whatever the options say.
			replayed, err := back.Game(engine.WithRule(engine.Freestyle))
			require.NoError(t, err)
			assert.Equal(t, rule, replayed.Config().Rule)
			assert.Equal(t, g.History(), replayed.History())
			assert.Equal(t, 1, replayed.Winner())
		})
	}
}

func TestSGFUnboundedRecord(t *testing.T) {
	rec, err := record.ParseMoveString("h8i9j10")
	require.NoError(t, err)
	text, err := record.FormatSGF(rec)
	require.NoError(t, err)
	assert.Equal(t, "(;FF[4]GM[4]\n;B[hh];W[ii];B[jj])\n", text)
	back, err := record.ParseSGF(text)
	require.NoError(t, err)
	assert.Equal(t, rec.Moves, back.Moves)
	assert.False(t, back.Bounded())
}

func TestParseSGFVariantsAndCollections(t *testing.T) {
	tests := []struct {
		name, text string
		moves      []record.Move
		names      []string
	}{
		{"main line of variations", "(;GM[4]SZ[15];B[hh](;W[ii];B[jj])(;W[aa]))", []record.Move{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 9, Col: 9}}, nil},
		{"first game of a collection", "(;GM[4];B[aa])\n(;GM[4];B[bb];W[cc])", []record.Move{{Row: 0, Col: 0}}, nil},
		{"moves in the root", "(;GM[4]B[ba];W[ab])", []record.Move{{Row: 0, Col: 1}, {Row: 1, Col: 0}}, nil},
		{"capital coordinates", "(;GM[4]SZ[40];B[AB])", []record.Move{{Row: 27, Col: 26}}, nil},
		{"no GM at all", "( ;B[aa] )", []record.Move{{Row: 0, Col: 0}}, nil},
		{"escaped names", `(;GM[4]PB[a\]b\\c]PW[x\` + "\n" + `y])`, nil, []string{`a]b\c`, "xy"}},
		{"one name", "(;GM[4]PW[w])", nil, []string{"", "w"}},
		{"other comments are no times", "(;GM[4];B[aa]C[good move];W[bb]C[12 ms])", []record.Move{{Row: 0, Col: 0}, {Row: 1, Col: 1}}, nil},
		{"rule by name", "(;GM[4]RU[Renju])", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := record.ParseSGF(tt.text)
			require.NoError(t, err)
			checkRecord(t, rec)
			assert.Equal(t, tt.moves, rec.Moves)
			assert.Equal(t, tt.names, rec.Names)
			f := record.Detect([]byte(tt.text))
			assert.Equal(t, record.SGF, f)
		})
	}
}

func TestParseSGFErrors(t *testing.T) {
	tests := []struct {
		name, text string
		err        error
		line, pos  int
	}{
		{"empty", "  \n", record.ErrEmpty, 1, 0},
		{"go", "(;FF[4]GM[1]SZ[19])", record.ErrSyntax, 1, 8},
		{"no tree", "GM[4]", record.ErrSyntax, 1, 1},
		{"unclosed tree", "(;GM[4];B[aa]", record.ErrSyntax, 1, 14},
		{"unclosed value", "(;GM[4]\nPB[abc", record.ErrSyntax, 2, 3},
		{"no value", "(;GM[4]PB;B[aa])", record.ErrSyntax, 1, 10},
		{"white first", "(;GM[4];W[aa])", record.ErrSyntax, 1, 9},
		{"black twice", "(;GM[4];B[aa];B[bb])", record.ErrSyntax, 1, 15},
		{"two moves in a node", "(;GM[4];B[aa]W[bb])", record.ErrSyntax, 1, 14},
		{"pass", "(;GM[4];B[])", record.ErrSyntax, 1, 9},
		{"go pass", "(;GM[4]SZ[15];B[tt])", engine.ErrOffBoard, 1, 15},
		{"bad coordinate", "(;GM[4];B[a1])", record.ErrSyntax, 1, 9},
		{"off the board", "(;GM[4]SZ[9];B[jj])", engine.ErrOffBoard, 1, 14},
		{"played twice", "(;GM[4];B[aa];W[bb];B[aa])", engine.ErrOccupied, 1, 21},
		{"bad size", "(;GM[4]SZ[0])", record.ErrSyntax, 1, 8},
		{"size beyond the letters", "(;GM[4]SZ[53])", record.ErrSyntax, 1, 8},
		{"unknown rule", "(;GM[4]RU[2])", record.ErrSyntax, 1, 8},
		{"setup stones", "(;GM[4]AB[aa][bb])", record.ErrSyntax, 1, 8},
		{"deep variations", strings.Repeat("(;", 2000), record.ErrSyntax, 1, 2003},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := record.ParseSGF(tt.text)
			assert.Nil(t, rec)
			require.ErrorIs(t, err, tt.err)
			var se *record.SyntaxError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, record.SGF, se.Format)
			assert.Equal(t, tt.line, se.Line, "line")
			assert.Equal(t, tt.pos, se.Pos, "byte")
		})
	}
}

func TestWriteSGFRefusesWhatWouldNotReadBack(t *testing.T) {
	tests := []struct {
		name string
		rec  record.Record
		err  error
	}{
		{"board too large", record.Record{Rows: 53, Cols: 53}, record.ErrUnsupported},
		{"move beyond the letters", record.Record{Moves: []record.Move{{Row: 52, Col: 0}}}, record.ErrUnsupported},
		{"negative move", record.Record{Moves: []record.Move{{Row: -1, Col: 0}}}, record.ErrUnsupported},
		{"off the board", record.Record{Rows: 9, Cols: 9, Moves: []record.Move{{Row: 9, Col: 0}}}, engine.ErrOffBoard},
		{"played twice", record.Record{Moves: []record.Move{{Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 1, Col: 1}}}, engine.ErrOccupied},
		{"negative time", record.Record{Moves: []record.Move{{Row: 1, Col: 1, TimeMS: -1}}}, record.ErrUnsupported},
		{"one name", record.Record{Names: []string{"solo"}}, record.ErrUnsupported},
		{"lower-case property", record.Record{Info: []record.Property{{ID: "gn", Values: []string{"x"}}}}, record.ErrUnsupported},
		{"property the record writes itself", record.Record{Info: []record.Property{{ID: "SZ", Values: []string{"9"}}}}, record.ErrUnsupported},
		{"property without a value", record.Record{Info: []record.Property{{ID: "GN"}}}, record.ErrUnsupported},
		{"unknown rule", record.Record{HasRule: true, Rule: engine.Rule(9)}, record.ErrUnsupported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sb strings.Builder
			err := record.WriteSGF(&sb, &tt.rec)
			require.ErrorIs(t, err, tt.err)
			assert.Empty(t, sb.String(), "nothing written on error")
		})
	}
}
