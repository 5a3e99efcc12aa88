package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/record"
)

const sampleSuite = `# a comment kept as the header
# second header line
h8g7h9h10i6 rule=freestyle size=15 nodes=100000 eval=-23 best=h7 moves=h7:-30,g9:-M17,j7:+12 source=r5/free15/game-0001@5

h8i9 rule=exact size=20 nodes=100000 eval=+M9 best=j10 moves=j10:+M9
`

func TestParseSuiteReadsEveryField(t *testing.T) {
	s, err := parseSuite(strings.NewReader(sampleSuite))
	require.NoError(t, err)
	assert.Equal(t, []string{"# a comment kept as the header", "# second header line"}, s.header)
	require.Len(t, s.positions, 2)
	p := s.positions[0]
	assert.Len(t, p.moves, 5)
	assert.Equal(t, record.Move{Row: 7, Col: 7}, p.moves[0])
	assert.Equal(t, engine.Freestyle, p.rule)
	assert.Equal(t, 15, p.size)
	assert.Equal(t, 100000, p.nodes)
	assert.Equal(t, gomocup.Eval{Value: -23}, p.eval)
	assert.Equal(t, record.Move{Row: 6, Col: 7}, p.best)
	assert.Equal(t, "r5/free15/game-0001@5", p.source)
	e, ok := p.labelOf(record.Move{Row: 8, Col: 6}) // g9
	require.True(t, ok)
	assert.Equal(t, gomocup.Eval{Value: 17, Mate: -1}, e)
	e, ok = p.labelOf(record.Move{Row: 6, Col: 9}) // j7
	require.True(t, ok)
	assert.Equal(t, gomocup.Eval{Value: 12}, e)
	_, ok = p.labelOf(record.Move{Row: 0, Col: 0})
	assert.False(t, ok)
	q := s.positions[1]
	assert.Equal(t, engine.Exact, q.rule)
	assert.Equal(t, gomocup.Eval{Value: 9, Mate: 1}, q.eval)
	assert.Empty(t, q.source)
}

func TestSuiteWritesWhatItReads(t *testing.T) {
	s, err := parseSuite(strings.NewReader(sampleSuite))
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, s.write(&buf))
	// Labels come out sorted by cell, so the text is canonical: writing
	// it again gives the same bytes, and it reads back equal.
	again, err := parseSuite(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, s, again)
	var buf2 bytes.Buffer
	require.NoError(t, again.write(&buf2))
	assert.Equal(t, buf.String(), buf2.String())
	assert.Contains(t, buf.String(), "moves=g9:-M17,h7:-30,j7:+12 ")
}

func TestParseSuiteRefusesBadLines(t *testing.T) {
	const ok = "h8g7 rule=freestyle size=15 nodes=1000 eval=+5 best=h9 moves=h9:+5"
	_, err := parseSuite(strings.NewReader(ok))
	require.NoError(t, err)
	tests := []struct{ name, line, want string }{
		{"bad moves", "h8h8 rule=freestyle size=15 nodes=1000 eval=+5 best=h9 moves=h9:+5", "already played"},
		{"no value", "h8g7 rule=freestyle size=15 nodes eval=+5 best=h9 moves=h9:+5", "key=value"},
		{"unknown key", ok + " colour=red", "unknown key"},
		{"twice", ok + " size=15", "size given twice"},
		{"renju", strings.Replace(ok, "freestyle", "renju", 1), "freestyle or exact"},
		{"size", strings.Replace(ok, "size=15", "size=4", 1), "want 5 to 26"},
		{"wide", strings.Replace(ok, "size=15", "size=27", 1), "want 5 to 26"},
		{"nodes", strings.Replace(ok, "nodes=1000", "nodes=0", 1), "positive whole number"},
		{"eval", strings.Replace(ok, "eval=+5", "eval=1.5", 1), "eval=1.5"},
		{"mate sign", strings.Replace(ok, "eval=+5", "eval=M-3", 1), "eval=M-3"},
		{"missing", strings.Replace(ok, " nodes=1000", "", 1), "no nodes="},
		{"off board", strings.Replace(ok, "h8g7", "h8g17", 1), "off the 15×15 board"},
		{"best taken", strings.Replace(ok, "best=h9", "best=g7", 1), "g7 is taken"},
		{"best two cells", strings.Replace(ok, "best=h9", "best=h9h10", 1), "not one cell"},
		{"label off", ok + ",p1:+3", "p1 is off"},
		{"label taken", ok + ",h8:+3", "h8 is taken"},
		{"label twice", ok + ",h9:+3", "h9 given twice"},
		{"label form", ok + ",h10", "want CELL:EVAL"},
		{"label eval", ok + ",h10:x", "want a whole number or a mate"},
		{"best unlabelled", strings.Replace(ok, "moves=h9:+5", "moves=h10:+5", 1), "no label for best=h9"},
		{"full", "a1b1a2b2a3b3a4b4a5b5c1d1c2d2c3d3c4d4c5d5e1e2e3e4e5 rule=freestyle size=5 nodes=1 eval=0 best=a1 moves=a1:0", "the board is full"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseSuite(strings.NewReader("# header\n" + ok + "\n" + tt.line + "\n"))
			require.Error(t, err)
			assert.True(t, errors.Is(err, errSuite), "%v", err)
			assert.Contains(t, err.Error(), "line 3")
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestCommittedSuiteKeepsItsPromises checks the suites of testdata as the
// README describes them: distinct quiet positions, none decided, within
// the suite's window of even, one node budget each.
func TestCommittedSuiteKeepsItsPromises(t *testing.T) {
	for _, tc := range []struct {
		file        string
		least, most int // positions
		window      int
		nodes       int
	}{
		{"suite.txt", 200, 600, 400, 100000},
		{"undecided300k.txt", 3000, 4000, 600, 300000},
	} {
		t.Run(tc.file, func(t *testing.T) {
			s, err := loadSuite(filepath.Join("testdata", tc.file))
			require.NoError(t, err)
			assert.GreaterOrEqual(t, len(s.positions), tc.least)
			assert.LessOrEqual(t, len(s.positions), tc.most)
			seen := map[string]bool{}
			for i := range s.positions {
				p := &s.positions[i]
				k := stonesKey(p.size, p.rule, p.moves)
				assert.False(t, seen[k], "%s repeats a position", p.source)
				seen[k] = true
				assert.True(t, quiet(p.size, p.rule, p.moves), "%s is not quiet", p.source)
				assert.Zero(t, p.eval.Mate, "%s is decided", p.source)
				assert.LessOrEqual(t, abs(p.eval.Value), tc.window, p.source)
				assert.NotEmpty(t, p.source)
				assert.Equal(t, tc.nodes, p.nodes, "one budget for the whole suite")
			}
		})
	}
}

func FuzzParseSuite(f *testing.F) {
	f.Add(sampleSuite)
	f.Add("h8 rule=freestyle size=15 nodes=1 eval=0 best=a1 moves=a1:0,b2:-M3")
	f.Add("# only a comment\n\n")
	f.Add("z26 rule=exact size=26 nodes=9 eval=+M1 best=a1 moves=a1:+M1")
	if data, err := os.ReadFile(filepath.Join("testdata", "suite.txt")); err == nil {
		lines := strings.SplitN(string(data), "\n", 6)
		f.Add(strings.Join(lines[:len(lines)-1], "\n"))
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := parseSuite(strings.NewReader(text))
		if err != nil {
			require.ErrorIs(t, err, errSuite)
			return
		}
		// What parses writes back to text that parses to the same suite.
		var buf bytes.Buffer
		require.NoError(t, s.write(&buf))
		again, err := parseSuite(bytes.NewReader(buf.Bytes()))
		require.NoError(t, err, buf.String())
		require.Equal(t, len(s.positions), len(again.positions))
		for i := range s.positions {
			p, q := &s.positions[i], &again.positions[i]
			assert.Equal(t, p.String(), q.String())
			_, ok := p.labelOf(p.best)
			assert.True(t, ok)
			for _, m := range p.moves {
				assert.True(t, p.onBoard(m))
			}
		}
	})
}
