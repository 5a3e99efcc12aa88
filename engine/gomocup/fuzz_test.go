package gomocup

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// FuzzParseCommand: parsing never panics; what it accepts is in range and
// writes back to a line that parses to the same command.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"START 20", "RECTSTART 30,20", "TURN 10,10", "INFO timeout_turn 1000", "BOARD",
		"TAKEBACK 1, 2", "x", "begin", "INFO  Rule  1", "PLAY 1073741824,0", "START -3", "END now",
		"YXBOARD", "yxshowforbid", "YXHASHCLEAR now", "YXNBEST 3", "YXNBEST 0", "YXNBEST", "YXBLOCK 1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			require.ErrorIs(t, err, ErrMalformed)
			require.NotEqual(t, CmdUnknown, c.Kind)
			return
		}
		require.GreaterOrEqual(t, c.X, 0)
		require.GreaterOrEqual(t, c.Y, 0)
		require.LessOrEqual(t, c.X, maxCoord)
		require.LessOrEqual(t, c.Y, maxCoord)
		if c.Kind == CmdUnknown || strings.ContainsAny(line, "\r\n") {
			return
		}
		back, err := ParseCommand(c.String())
		require.NoError(t, err, "%q wrote %q", line, c.String())
		c.Word, back.Word = "", ""
		require.Equal(t, c, back, "%q wrote %q", line, c.String())
	})
}

// FuzzParseStone: a stone read is on the board's quadrant with a valid
// field, and writes back to itself.
func FuzzParseStone(f *testing.F) {
	for _, s := range []string{"1,2,1", "0,0,3", " 7 , 7 , 2 ", "1,2", "1,2,4", "a,b,c", "-1,0,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		st, err := ParseStone(line)
		if err != nil {
			require.ErrorIs(t, err, ErrMalformed)
			return
		}
		require.True(t, st.X >= 0 && st.Y >= 0 && st.X <= maxCoord && st.Y <= maxCoord)
		require.Contains(t, []Field{FieldOwn, FieldOpponent, FieldDead}, st.Field)
		back, err := ParseStone(st.String())
		require.NoError(t, err)
		require.Equal(t, st, back)
	})
}

// FuzzParseAnswer: every line is classified without panicking, and an
// answer written by String reads back as itself.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"7,7", "-1, 3", "OK", "ok", "ERROR no", "MESSAGE hi", "DEBUG x", "UNKNOWN", "7,7 8,8 6,8", "name=\"x\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a := ParseAnswer(line)
		if a.Kind == AnswerOther {
			require.Equal(t, line, a.Text)
			return
		}
		if strings.ContainsAny(line, "\r\n") || strings.TrimSpace(a.Text) != a.Text {
			return
		}
		require.Equal(t, a, ParseAnswer(a.String()), "%q wrote %q", line, a.String())
	})
}

// FuzzAbout: any About writes a line that reads back as itself, once
// quotes and line breaks are replaced and spaces trimmed, as String says.
func FuzzAbout(f *testing.F) {
	f.Add("pela", "1.0", "Jin, Zhang", "CZ", "", "")
	f.Add(`a"b`, "x\ny", " ", "=", ",", `\`)
	f.Fuzz(func(t *testing.T, name, version, author, country, www, email string) {
		a := About{name, version, author, country, www, email}
		want := a
		for _, p := range want.fields() {
			*p = strings.TrimSpace(strings.NewReplacer(`"`, "'", "\r", " ", "\n", " ").Replace(*p))
		}
		require.Equal(t, want, ParseAbout(a.String()), a.String())
	})
}

// FuzzReader: the reader splits any input as a plain reference does (at
// LF, CR and CR LF, dropping empty lines, flagging long ones), whatever
// sizes the underlying reads come in.
func FuzzReader(f *testing.F) {
	f.Add("START 20\r\nBEGIN\r\n", uint8(8))
	f.Add("a\rb\n\nc\r\r\nd", uint8(1))
	f.Add(strings.Repeat("x", 40)+"\ny", uint8(3))
	f.Fuzz(func(t *testing.T, in string, max uint8) {
		limit := int(max%32) + 1
		var want []string
		for _, l := range strings.FieldsFunc(in, func(r rune) bool { return r == '\r' || r == '\n' }) {
			if len(l) > limit {
				l = "!too long"
			}
			want = append(want, l)
		}
		r := NewReader(iotest.OneByteReader(strings.NewReader(in)), limit)
		var got []string
		for {
			l, err := r.ReadLine()
			if errors.Is(err, ErrLineTooLong) {
				l, err = "!too long", nil
			}
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			got = append(got, l)
		}
		require.Equal(t, want, got)
	})
}

// FuzzParseForbid: a FORBID answer read writes back to itself.
func FuzzParseForbid(f *testing.F) {
	for _, s := range []string{"FORBID .", "FORBID 0707.", "FORBID 07071412.", "FORBID 070.", "FORBID 0707", "FORBID -1-1.", "FORBID ab12."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		cells, err := ParseForbid(line)
		if err != nil {
			require.ErrorIs(t, err, ErrMalformed)
			return
		}
		back, err := ParseForbid(Forbid(cells))
		require.NoError(t, err)
		require.Equal(t, cells, back)
	})
}

// FuzzMessageEval: reading an evaluation never panics; a field found is
// part of the line, and an evaluation read writes back to one that reads
// the same, with a mate's plies never negative.
func FuzzMessageEval(f *testing.F) {
	for _, s := range []string{"MESSAGE Depth 11-18 | Eval -127 | Node 17K", "MESSAGE Eval +M29", "MESSAGE Eval -M4",
		"MESSAGE Eval VAL_NONE", "MESSAGE Eval 99999999999999999999", "MESSAGE Eval M-3", "message eval 5", "7,7", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		field, found := MessageEval(line, nil)
		if !found {
			require.Empty(t, field)
			return
		}
		require.Contains(t, line, field)
		e, ok := ParseEval(field)
		if !ok {
			require.Equal(t, Eval{}, e)
			return
		}
		require.Contains(t, []int{-1, 0, 1}, e.Mate)
		if e.Mate != 0 {
			require.GreaterOrEqual(t, e.Value, 0, "a mate's plies are not negative")
		}
		back, ok := ParseEval(e.String())
		require.True(t, ok, "%q wrote %q", field, e.String())
		require.Equal(t, e, back)
		require.Equal(t, e, e.Neg().Neg())
	})
}
