package player

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine/player/internal/multi"
)

// MultiSearch names the look-ahead a [Search] runs for three or more
// players.
type MultiSearch uint8

// String is the name [ParseMultiSearch] reads.
func (m MultiSearch) String() string { return multi.Kind(m).String() }

// The look-aheads for three or more players.
const (
	// MaxN has every player maximise its own value, each in turn; it
	// prunes nothing.
	MaxN MultiSearch = iota
	// Paranoid is alpha-beta with every opponent minimising the
	// searcher's value, each opponent in turn.
	Paranoid
	// BestReply is best-reply search with the other opponents playing
	// their best-ordered move (BRS+): between two moves of the searcher,
	// one opponent's reply is searched while every other opponent plays
	// the move it must (a win, a block) or its best move by the ordering.
	BestReply
	// Planned, the default, searches only the searcher's moves, every
	// other player answering with the move a model of a player who looks
	// one move ahead predicts (its win, its block of the first player
	// after it who could win, else the cell best by the runs it joins and
	// cuts): first for a line that wins, then for the line that ends best
	// by the evaluation. Against bots that pursue their own lines it won
	// the most games, and the soonest (see the README).
	Planned
)

// ParseMultiSearch reads the name of a [MultiSearch].
func ParseMultiSearch(s string) (MultiSearch, error) {
	for _, m := range []MultiSearch{MaxN, Paranoid, BestReply, Planned} {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("%w: multi-player search %q (want planned, max-n, paranoid or best-reply)", ErrUnknown, s)
}

// WithMultiSearch chooses the look-ahead for three or more players
// ([Planned] by default).
func WithMultiSearch(m MultiSearch) SearchOption { return func(s *Search) { s.multi = m } }
