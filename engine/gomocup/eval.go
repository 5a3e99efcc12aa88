package gomocup

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// EvalPattern finds the evaluation in a MESSAGE line as Rapfi prints it
// ("MESSAGE Speed 465K | Depth 17-30 | Eval 112 | Node 8M"): its first
// group is the word after "Eval".
const EvalPattern = `\bEval (\S+)`

var evalPattern = regexp.MustCompile(EvalPattern)

// MessageEval returns the evaluation field of a brain's line: the first
// group of pattern (nil: [EvalPattern]) in a MESSAGE line. found is false
// for other lines and for MESSAGE lines the pattern does not match; the
// field may still not be an evaluation (Rapfi's "VAL_NONE"), which
// [ParseEval] tells.
func MessageEval(line string, pattern *regexp.Regexp) (field string, found bool) {
	if ParseAnswer(line).Kind != AnswerMessage {
		return "", false
	}
	if pattern == nil {
		pattern = evalPattern
	}
	m := pattern.FindStringSubmatch(line)
	if len(m) < 2 {
		return "", false
	}
	return m[1], true
}

// Eval is a brain's evaluation of a position for the side to move: a
// score on the brain's own scale, or a mate.
type Eval struct {
	// Value is the score, or for a mate the plies to it (never negative).
	Value int
	// Mate is +1 for a won mate, −1 for a lost one and 0 for a score.
	Mate int
}

// ParseEval reads an evaluation as brains print it in their MESSAGE lines
// (Rapfi: "Eval -107", "Eval +M29") and as [Eval.String] writes it: a
// signed whole number, or a mate in some plies, won ("+M29", "M29") or
// lost ("-M12"). ok is false for anything else, such as Rapfi's
// "VAL_NONE".
func ParseEval(s string) (e Eval, ok bool) {
	sign := 1
	switch {
	case strings.HasPrefix(s, "-"):
		sign, s = -1, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	if rest, isMate := strings.CutPrefix(s, "M"); isMate {
		e.Mate, s = sign, rest
	}
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return Eval{}, false
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return Eval{}, false
	}
	if e.Mate != 0 {
		e.Value = v
		return e, true
	}
	return Eval{Value: sign * v}, true
}

// String writes the evaluation with its sign: "+35", "-107", "+0", "+M9",
// "-M12".
func (e Eval) String() string {
	switch {
	case e.Mate > 0:
		return "+M" + strconv.Itoa(e.Value)
	case e.Mate < 0:
		return "-M" + strconv.Itoa(e.Value)
	case e.Value < 0:
		return strconv.Itoa(e.Value)
	}
	return "+" + strconv.Itoa(e.Value)
}

// Neg is the evaluation for the other side: what a position reached by a
// move is worth to the side that played it.
func (e Eval) Neg() Eval {
	if e.Mate != 0 {
		return Eval{Value: e.Value, Mate: -e.Mate}
	}
	return Eval{Value: -e.Value}
}

// WinChance is the chance of winning the evaluation stands for, on a
// brain whose score s means a win chance of 1/(1+e^(−s/scale)) (Rapfi's
// scale is 200): a won mate is 1, a lost one 0.
func (e Eval) WinChance(scale float64) float64 {
	switch {
	case e.Mate > 0:
		return 1
	case e.Mate < 0:
		return 0
	}
	return 1 / (1 + math.Exp(-float64(e.Value)/scale))
}
