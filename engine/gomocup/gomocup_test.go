package gomocup_test

import (
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want gomocup.Command
		err  string
	}{
		{"START 20", gomocup.Command{Kind: gomocup.CmdStart, Word: "START", X: 20, Y: 20}, ""},
		{"rectstart 30, 20", gomocup.Command{Kind: gomocup.CmdRectStart, Word: "rectstart", X: 30, Y: 20}, ""},
		{"  TURN   7,8 ", gomocup.Command{Kind: gomocup.CmdTurn, Word: "TURN", X: 7, Y: 8}, ""},
		{"INFO Time_Left -5", gomocup.Command{Kind: gomocup.CmdInfo, Word: "INFO", Key: "time_left", Value: "-5"}, ""},
		{"SUGGEST 1,1", gomocup.Command{Word: "SUGGEST"}, ""},
		{"TURN 1,-1", gomocup.Command{Kind: gomocup.CmdTurn, Word: "TURN"}, "not a non-negative whole number"},
		{"START 1073741825", gomocup.Command{Kind: gomocup.CmdStart, Word: "START"}, "too large"},
		{"BEGIN now", gomocup.Command{Kind: gomocup.CmdBegin, Word: "BEGIN"}, `BEGIN takes no arguments, got "now"`},
		{"INFO", gomocup.Command{Kind: gomocup.CmdInfo, Word: "INFO"}, "INFO wants a key and a value"},
		{"yxboard", gomocup.Command{Kind: gomocup.CmdYxBoard, Word: "yxboard"}, ""},
		{"YXSHOWFORBID", gomocup.Command{Kind: gomocup.CmdYxShowForbid, Word: "YXSHOWFORBID"}, ""},
		{"YXHASHCLEAR", gomocup.Command{Kind: gomocup.CmdYxHashClear, Word: "YXHASHCLEAR"}, ""},
		{"YXNBEST 5", gomocup.Command{Kind: gomocup.CmdYxNBest, Word: "YXNBEST", X: 5}, ""},
		{"YXNBEST 0", gomocup.Command{Kind: gomocup.CmdYxNBest, Word: "YXNBEST"}, "want at least 1"},
		{"YXSHOWFORBID now", gomocup.Command{Kind: gomocup.CmdYxShowForbid, Word: "YXSHOWFORBID"}, "takes no arguments"},
		{"YXBALANCEONE 3", gomocup.Command{Word: "YXBALANCEONE"}, ""},
	}
	for _, tc := range tests {
		c, err := gomocup.ParseCommand(tc.line)
		if tc.err != "" {
			require.ErrorIs(t, err, gomocup.ErrMalformed, tc.line)
			assert.ErrorContains(t, err, tc.err, tc.line)
			assert.Equal(t, tc.want.Kind, c.Kind, tc.line)
			continue
		}
		require.NoError(t, err, tc.line)
		assert.Equal(t, tc.want, c, tc.line)
	}
}

func TestParseInfoValue(t *testing.T) {
	n, err := gomocup.ParseInfoValue(gomocup.InfoTimeLeft, "-5")
	require.NoError(t, err)
	assert.Equal(t, int64(-5), n)
	_, err = gomocup.ParseInfoValue(gomocup.InfoTimeoutTurn, "-5")
	assert.ErrorContains(t, err, "not a non-negative whole number", "only time_left may be negative")
	_, err = gomocup.ParseInfoValue(gomocup.InfoMaxMemory, "lots")
	assert.Error(t, err)
}

func TestParseAnswer(t *testing.T) {
	tests := []struct {
		line string
		want gomocup.Answer
	}{
		{"7,8", gomocup.Answer{Kind: gomocup.AnswerMove, X: 7, Y: 8}},
		{" -1 , 20 ", gomocup.Answer{Kind: gomocup.AnswerMove, X: -1, Y: 20}},
		{"ok", gomocup.Answer{Kind: gomocup.AnswerOK}},
		{"ERROR no move today", gomocup.Answer{Kind: gomocup.AnswerError, Text: "no move today"}},
		{"unknown", gomocup.Answer{Kind: gomocup.AnswerUnknown}},
		{"MESSAGE thinking", gomocup.Answer{Kind: gomocup.AnswerMessage, Text: "thinking"}},
		{"DEBUG depth 3", gomocup.Answer{Kind: gomocup.AnswerDebug, Text: "depth 3"}},
		{"the answer is 42", gomocup.Answer{Kind: gomocup.AnswerOther, Text: "the answer is 42"}},
		{"7,7,1", gomocup.Answer{Kind: gomocup.AnswerOther, Text: "7,7,1"}},
		{"7,7 8,8 6,8", gomocup.Answer{Kind: gomocup.AnswerOther, Text: "7,7 8,8 6,8"}},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, gomocup.ParseAnswer(tc.line), tc.line)
	}
	assert.Equal(t, "ERROR two lines", gomocup.Answer{Kind: gomocup.AnswerError, Text: "two\nlines"}.String())
}

func TestParseAbout(t *testing.T) {
	assert.Equal(t, gomocup.About{Name: "Wine", Version: "2.0", Author: "Jin, Zhang", Country: "China"},
		gomocup.ParseAbout(`name="Wine", version="2.0", author="Jin, Zhang", country="China", licence="MIT"`))
	assert.Equal(t, gomocup.About{Name: "x", Version: "1"}, gomocup.ParseAbout(`NAME=x, version = "1`))
	assert.Equal(t, gomocup.About{}, gomocup.ParseAbout("garbage"))
	assert.Equal(t, `name="a'b", www="w"`, gomocup.About{Name: `a"b`, WWW: "w"}.String())
}

// TestReaderAnswersAtCR: a line ended by a lone CR is returned at once; the
// reader does not wait for a LF that may never come.
func TestReaderAnswersAtCR(t *testing.T) {
	pr, pw := io.Pipe()
	r := gomocup.NewReader(pr, 100)
	go func() { _, _ = pw.Write([]byte("BEGIN\r")) }()
	got := make(chan string)
	go func() {
		l, _ := r.ReadLine()
		got <- l
	}()
	select {
	case l := <-got:
		assert.Equal(t, "BEGIN", l)
	case <-time.After(10 * time.Second):
		t.Fatal("ReadLine waited past the CR")
	}
	go func() { _, _ = pw.Write([]byte("\nEND\n")); pw.Close() }()
	l, err := r.ReadLine()
	require.NoError(t, err)
	assert.Equal(t, "END", l, "the LF after CR ends no line")
	_, err = r.ReadLine()
	assert.Equal(t, io.EOF, err)
}

func TestForbid(t *testing.T) {
	for line, want := range map[string][][2]int{
		"FORBID .":         {},
		"FORBID 0707.":     {{7, 7}},
		"FORBID 07051412.": {{7, 5}, {14, 12}},
	} {
		got, err := gomocup.ParseForbid(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, got, line)
		assert.Equal(t, line, gomocup.Forbid(got))
	}
	for _, bad := range []string{"FORBID 070.", "FORBID 0707", "OK", "FORBID x707."} {
		_, err := gomocup.ParseForbid(bad)
		assert.ErrorIs(t, err, gomocup.ErrMalformed, bad)
	}
	assert.True(t, gomocup.IsYixin("yxfoo"))
	assert.False(t, gomocup.IsYixin("Y"))
}
