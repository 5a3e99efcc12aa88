package engine

import (
	"fmt"
	"math"
	"strings"

	"github.com/gomoku-engine/gomoku/sparse"
)

// Rule decides which runs win.
type Rule uint8

const (
	// Freestyle: K or more in a row wins.
	Freestyle Rule = iota
	// Exact: exactly K in a row wins; a longer run (an overline) does not.
	// This is standard Gomoku.
	Exact
	// Renju: two players, K = 5, no wrap. Black (player 1) wins only with
	// exactly five and may not play an overline, a double four or a double
	// three (package renju has the details); white wins with five or more.
	Renju
)

func (r Rule) String() string {
	switch r {
	case Freestyle:
		return "freestyle"
	case Exact:
		return "exact"
	case Renju:
		return "renju"
	}
	return fmt.Sprintf("Rule(%d)", uint8(r))
}

// ParseRule is the inverse of [Rule.String].
func ParseRule(s string) (Rule, error) { return parseEnum(s, "rule", Freestyle, Exact, Renju) }

// parseEnum returns the one of values whose String is s, or an error that
// names the kind of value and lists them.
func parseEnum[T fmt.Stringer](s, kind string, values ...T) (T, error) {
	names := make([]string, len(values))
	for i, v := range values {
		if v.String() == s {
			return v, nil
		}
		names[i] = v.String()
	}
	var zero T
	return zero, fmt.Errorf("%w: unknown %s %q (want %s)", ErrBadConfig, kind, s, strings.Join(names, ", "))
}

// TurnOrder decides who may move next.
type TurnOrder uint8

const (
	// Rotation: players 1..N move in turn, starting with 1.
	Rotation TurnOrder = iota
	// FreeOrder: every move names its player and any player may move at any
	// time, as in the classic move(row, col, player) API.
	FreeOrder
)

func (o TurnOrder) String() string {
	switch o {
	case Rotation:
		return "rotation"
	case FreeOrder:
		return "free"
	}
	return fmt.Sprintf("TurnOrder(%d)", uint8(o))
}

// ParseTurnOrder is the inverse of [TurnOrder.String].
func ParseTurnOrder(s string) (TurnOrder, error) {
	return parseEnum(s, "turn order", Rotation, FreeOrder)
}

// MaxPlayers is the largest number of players a game supports: marks are
// stored as bytes.
const MaxPlayers = math.MaxUint8

// Config holds a game's rules: what a saved game keeps and what two games
// must share to be the same game. How a game is played out in memory (its
// win checker and board layout) is not part of it: [WithChecker] and
// [WithLayout] choose that beside the rules. The zero value is not valid;
// start from [DefaultConfig] or use [New] with options.
type Config struct {
	K       int // cells in a row that win
	Players int // number of players, 2..MaxPlayers
	// Rows and Cols bound the board to Rows × Cols cells with (0, 0) at the
	// top-left. Both zero means an unbounded board.
	Rows, Cols int
	// Torus joins a bounded board's left edge to its right edge and its
	// top to its bottom, so that every line is a cycle (see [WithTorus]).
	Torus bool
	Rule  Rule
	Order TurnOrder
}

// DefaultConfig is Gomoku's K = 5 for two players in rotation on an
// unbounded board, freestyle rule.
func DefaultConfig() Config {
	return Config{K: 5, Players: 2, Rule: Freestyle, Order: Rotation}
}

// Bounded reports whether the board has edges.
func (c Config) Bounded() bool { return c.Rows != 0 || c.Cols != 0 }

// Validate explains why c cannot describe a playable game, or returns nil.
// Errors wrap [ErrBadConfig].
func (c Config) Validate() error {
	switch {
	case c.K < 1:
		return fmt.Errorf("%w: K must be at least 1, got %d", ErrBadConfig, c.K)
	case c.Players < 2 || c.Players > MaxPlayers:
		return fmt.Errorf("%w: players must be 2..%d, got %d", ErrBadConfig, MaxPlayers, c.Players)
	case c.Rule != Freestyle && c.Rule != Exact && c.Rule != Renju:
		return fmt.Errorf("%w: unknown rule %v", ErrBadConfig, c.Rule)
	case c.Rule == Renju && (c.Players != 2 || c.K != 5 || c.Torus):
		return fmt.Errorf("%w: renju is five in a row for two players on a board without wrap, got %v", ErrBadConfig, c)
	case c.Order != Rotation && c.Order != FreeOrder:
		return fmt.Errorf("%w: unknown turn order %v", ErrBadConfig, c.Order)
	}
	if c.Bounded() {
		limit := sparse.MaxCoord + 1
		if c.Rows < 1 || c.Cols < 1 || c.Rows > limit || c.Cols > limit {
			return fmt.Errorf("%w: bounds must be 1..%d on each side, got %d × %d", ErrBadConfig, limit, c.Rows, c.Cols)
		}
		if c.Torus {
			if longest := c.Cycle(1, 1); c.K > longest {
				return fmt.Errorf("%w: K = %d cannot fit on a %d × %d torus, whose longest lines (the diagonals) have %d cells, so nobody could win", ErrBadConfig, c.K, c.Rows, c.Cols, longest)
			}
		} else if c.K > max(c.Rows, c.Cols) {
			return fmt.Errorf("%w: K = %d cannot fit on a %d × %d board, so nobody could win", ErrBadConfig, c.K, c.Rows, c.Cols)
		}
	} else if c.Torus {
		return fmt.Errorf("%w: a torus needs a bounded board (rows and cols) to wrap around", ErrBadConfig)
	}
	return nil
}

// String describes the configuration in one line, e.g.
// "K=5, 2 players, unbounded, freestyle, rotation".
func (c Config) String() string {
	board := "unbounded"
	switch {
	case c.Torus:
		board = fmt.Sprintf("%d×%d torus", c.Rows, c.Cols)
	case c.Bounded():
		board = fmt.Sprintf("%d×%d", c.Rows, c.Cols)
	}
	return fmt.Sprintf("K=%d, %d players, %s, %v, %v", c.K, c.Players, board, c.Rule, c.Order)
}

// Option configures a game for [New]: its rules, or how it keeps its board
// and judges its moves.
type Option func(*settings)

// settings are the rules and the tuning that options adjust.
type settings struct {
	Config
	checker CheckerKind
	layout  sparse.Layout
}

// WithConfig replaces the rules; later options adjust them. The tuning
// chosen with [WithChecker] and [WithLayout] is kept.
func WithConfig(c Config) Option { return func(s *settings) { s.Config = c } }

// WithK sets how many cells in a row win.
func WithK(k int) Option { return func(s *settings) { s.K = k } }

// WithPlayers sets the number of players.
func WithPlayers(n int) Option { return func(s *settings) { s.Players = n } }

// WithBounds confines the board to rows × cols cells.
func WithBounds(rows, cols int) Option { return func(s *settings) { s.Rows, s.Cols = rows, cols } }

// WithTorus wraps a bounded board around its edges: the cell right of the
// last column is the first column's, the cell below the last row is the
// first row's. Every line becomes a cycle: a row has Cols cells, a column
// Rows and a diagonal lcm(Rows, Cols). Moves are still given on the board,
// 0..Rows-1 and 0..Cols-1; nothing outside is wrapped onto it. It needs
// [WithBounds], and K at most lcm(Rows, Cols), the longest cycle.
func WithTorus() Option { return func(s *settings) { s.Torus = true } }

// WithRule sets the rule: [Freestyle], [Exact] or [Renju].
func WithRule(r Rule) Option { return func(s *settings) { s.Rule = r } }

// WithFreeOrder lets every move name its player, with no rotation enforced.
func WithFreeOrder() Option { return func(s *settings) { s.Order = FreeOrder } }

// WithChecker chooses the win-detection strategy. It is tuning, not a rule:
// every checker gives the same results, and the default, [AutoChecker],
// picks the fastest for the rules.
func WithChecker(k CheckerKind) Option { return func(s *settings) { s.checker = k } }

// WithLayout chooses how the board keeps its marks in memory. It is tuning,
// not a rule; the default is [sparse.SwissTile].
func WithLayout(l sparse.Layout) Option { return func(s *settings) { s.layout = l } }
