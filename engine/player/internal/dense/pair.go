package dense

import "github.com/gomoku-engine/gomoku/engine"

// The pair evaluation scores a position by its empty cells: each cell is
// worth, to each player, the sum over its six pairs of axes of a value
// of the two axes' grades (grade.go), and the position is worth the
// mover's cells less the opponent's, averaged with the same sum before
// the latest mark so that the side that just moved is not judged on a
// threat it made a ply ago and the reply has yet to meet. The board keeps
// the sum up to date on every mark and undo. It is the classic search's
// evaluation (classic.go), for five in a row under the freestyle and
// exact rules.

// pairWorth is the pair table in force (pairs.json): fitted to game
// results by logistic regression (non-negative, only pairs that hold a
// blocked three or more free, the win chance sigmoid(v/200) of the
// position's value v in the table's units) on the 150,000 quiet positions
// of 6,075 games (4,808 distinct) of the classic search on 15×15,
// freestyle and exact, against Rapfi at equal nodes and against itself
// (see the player README).
var pairWorth = mustParse(ParsePairs, pairsFile)

// PairScale turns the table's units into the search's. The classic
// search's margins are written as five times those of the engines they
// come from, whose evaluation has the table's units; a larger scale makes
// them narrower against the evaluation. At equal nodes every scale from 6
// to 11 beat 5 in self-play and 6 to 8 did better than 5 against Rapfi;
// 6 was the best against Rapfi over both rules.
const PairScale = 6

// pairRules reports whether the pair evaluation plays cfg's games: two
// players, five in a row, freestyle or exact.
func pairRules(cfg engine.Config) bool {
	return cfg.Players == 2 && cfg.K == 5 && (cfg.Rule == engine.Freestyle || cfg.Rule == engine.Exact)
}

// pairOf is the pair value of a cell with the four grades g.
func pairOf(g *[4]lineGrade) int32 {
	return pairWorth[g[0]][g[1]] + pairWorth[g[0]][g[2]] + pairWorth[g[0]][g[3]] +
		pairWorth[g[1]][g[2]] + pairWorth[g[1]][g[3]] + pairWorth[g[2]][g[3]]
}

// regradeAll grades the cell's patterns afresh (no sum touched), on a
// board with the pair evaluation.
func (b *Board) regradeAll(cs *cellState) {
	if b.Grades[0] == nil {
		return
	}
	for q := range 2 {
		for a := range 4 {
			cs.grade[q][a] = b.Grades[q].memo[cs.Pat[q][a]]
		}
		cs.pair[q] = pairOf(&cs.grade[q])
	}
}

// regrade grades empty cell cs's axis a again after its patterns
// changed, and moves its pair values and the pair sum by the change.
func (b *Board) regrade(cs *cellState, a int) {
	for q := range 2 {
		b.regradeOne(cs, q, a, b.Grades[q].memo[cs.Pat[q][a]])
	}
}

// regradeOne sets player q's grade of empty cell cs's axis a to g and
// moves the cell's pair value and the pair sum by the change.
func (b *Board) regradeOne(cs *cellState, q, a int, g lineGrade) {
	if g == cs.grade[q][a] {
		return
	}
	cs.grade[q][a] = g
	// The six pairs summed afresh take as many lookups as the three
	// that changed, old and new, and no branch per axis.
	p := pairOf(&cs.grade[q])
	d := p - cs.pair[q]
	cs.pair[q] = p
	if q == 1 {
		d = -d
	}
	b.pairSum += int64(d)
}

// PairEval is the pair evaluation for q, to move.
func (b *Board) PairEval(q int) int64 {
	v := b.pairSum
	if n := len(b.pairPast); n > 0 {
		v = (v + b.pairPast[n-1]) / 2
	}
	if q == 1 {
		v = -v
	}
	return v * PairScale
}
