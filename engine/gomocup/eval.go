package gomocup

import (
	"strconv"
	"strings"
)

// ParseEval reads an evaluation for the side to move as brains print it in
// their MESSAGE lines (Rapfi: "Eval -107", "Eval +M29"): a signed whole
// number, or a mate in value plies, won ("+M29", "M29": mate is +1) or
// lost ("-M12": mate is −1). ok is false for anything else, such as
// Rapfi's "VAL_NONE".
func ParseEval(s string) (value, mate int, ok bool) {
	sign := 1
	switch {
	case strings.HasPrefix(s, "-"):
		sign, s = -1, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	if rest, isMate := strings.CutPrefix(s, "M"); isMate {
		mate, s = sign, rest
	}
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, 0, false
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, 0, false
	}
	if mate != 0 {
		return v, mate, true
	}
	return sign * v, 0, true
}
