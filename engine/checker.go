package engine

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/sparse"
)

// winChecker decides whether a move wins. A [Game] calls Record after placing
// each mark and Forget before removing it again, in strict LIFO order, so a
// checker may keep incremental state that undo must restore exactly.
type winChecker interface {
	// Record notes that player p's mark was just placed at (row, col) on b
	// and reports whether it completes a winning run under the game's rule.
	Record(b *sparse.Board, row, col int, p uint8) bool
	// Forget takes back the latest Record; the mark is still on b.
	Forget(b *sparse.Board, row, col int, p uint8)
	// Clone returns an independent copy, for a cloned game.
	Clone() winChecker
}

// CheckerKind names a built-in win checker, chosen with [WithChecker].
type CheckerKind uint8

const (
	// AutoChecker lets the game choose: the walk, or the run-length checker
	// when K is so large that walking would dominate a move's cost.
	AutoChecker CheckerKind = iota
	// WalkChecker counts the mover's marks outward from the new mark along
	// the four axes, at most K cells each way: O(K) per move, no state.
	WalkChecker
	// LinesChecker keeps one counter per row, column and main diagonal per
	// player: O(1) per move, but it only applies when a win means filling a
	// whole line, i.e. an n × n board with K = n (LeetCode 348).
	LinesChecker
	// RunsChecker keeps, per axis, the length of every maximal run of five
	// or more marks at its two end cells, counts shorter runs by walking, and
	// merges the runs beside a new mark: O(1) per move for any K and any
	// board, and no memory where runs are short.
	RunsChecker
)

// walkLimit is the largest K for which AutoChecker picks the walk. The
// walk's cost grows with the runs it meets while the run-length checker's
// is flat, and on runs as long as K the two cross near K = 128 (the
// README's performance section has the figures).
const walkLimit = 128

var checkerNames = map[CheckerKind]string{AutoChecker: "auto", WalkChecker: "walk", LinesChecker: "lines", RunsChecker: "runs"}

func (k CheckerKind) String() string {
	if s, ok := checkerNames[k]; ok {
		return s
	}
	return fmt.Sprintf("CheckerKind(%d)", uint8(k))
}

// ParseChecker is the inverse of [CheckerKind.String].
func ParseChecker(s string) (CheckerKind, error) {
	return parseEnum(s, "checker", AutoChecker, WalkChecker, LinesChecker, RunsChecker)
}

// resolve turns AutoChecker into the kind it stands for under c.
func (k CheckerKind) resolve(c Config) CheckerKind {
	if k != AutoChecker {
		return k
	}
	if c.K > walkLimit {
		return RunsChecker
	}
	return WalkChecker
}

// newChecker builds the checker of kind for c, or explains why it cannot.
func newChecker(c Config, kind CheckerKind) (winChecker, error) {
	switch kind.resolve(c) {
	case WalkChecker:
		if c.Torus {
			return newTorusWalk(c), nil
		}
		return newWalk(c), nil
	case RunsChecker:
		return newRuns(c), nil
	case LinesChecker:
		if !c.Bounded() || c.Rows != c.Cols || c.K != c.Rows {
			return nil, fmt.Errorf("%w: the lines checker needs an n × n board with K = n, got %v", ErrCheckerUnsupported, c)
		}
		return newLines(c), nil
	}
	return nil, fmt.Errorf("%w: unknown checker %v", ErrBadConfig, kind)
}

// axes are the four directions a run can take, each walked both ways.
var axes = sparse.Axes()

// wins reports whether a run of n cells of player p wins under the rule.
func wins(n, k int, rule Rule, p uint8) bool {
	if rule == Exact || rule == Renju && p == renjuBlack {
		return n == k
	}
	return n >= k
}
