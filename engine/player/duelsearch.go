package player

import "fmt"

// DuelSearch names the search a [Search] runs for two players.
type DuelSearch uint8

// The two-player searches.
const (
	// Classic, the default, is a principal-variation search of the kind
	// the strongest classical engines run: fractional plies, pruning and
	// reductions driven by the static value, a quiescence over fours, on
	// an evaluation by pairs of graded line shapes. It plays five in a
	// row under the freestyle and exact rules; every other two-player
	// game is searched by [Screened].
	Classic DuelSearch = iota
	// Screened is alpha-beta on the fitted evaluation with threat-first
	// move ordering, whose root moves are screened by threat searches
	// (VCF and VCT) before they may lead. It plays every two-player game:
	// any K, all three rules, bounded and unbounded boards.
	Screened
)

var duelSearchNames = [...]string{Classic: "classic", Screened: "screened"}

// String is the name [ParseDuelSearch] reads.
func (k DuelSearch) String() string {
	if int(k) < len(duelSearchNames) {
		return duelSearchNames[k]
	}
	return fmt.Sprintf("DuelSearch(%d)", uint8(k))
}

// ParseDuelSearch reads the name of a [DuelSearch].
func ParseDuelSearch(s string) (DuelSearch, error) {
	for k, name := range duelSearchNames {
		if name == s {
			return DuelSearch(k), nil
		}
	}
	return 0, fmt.Errorf("%w: two-player search %q (want classic or screened)", ErrUnknown, s)
}

// WithDuelSearch chooses the two-player search ([Classic] by default).
func WithDuelSearch(k DuelSearch) SearchOption {
	return func(s *Search) { s.duel.SetClassic(k == Classic) }
}
