package duel

// The static evaluation of the two-player search: every empty cell is
// worth, to each player, a weight for each of its four line shapes and one
// for the class they combine into. The weights differ with the role: the
// side to move cashes in its threats first, so its shapes weigh more than
// the same shapes of the side that waits.

// role is whether a player's cells are judged as the side to move or the
// side that waits.
const (
	toMove  = 0
	waiting = 1
)

// Evaluation weights per line shape and per class, by role, in
// thousandths of a logit of the expected result: fitted by logistic
// regression of game results on these counts over quiet positions of
// games between Gomocup engines and this search (15×15, K = 5). Positions
// the search scores without the evaluation (a five or an open four to
// make, a four-three against no four) were left out, so the top shapes
// keep round values that only order them above the rest. A shape's
// meaning does not depend on K, nor do the weights.
var (
	lineWorth = [2][lineShapes]int32{
		toMove:  {0, -27, -27, -13, -9, 30, 256, 334, 1000, 2000},
		waiting: {0, -32, -28, -6, 5, 36, 189, 310, 1000, 2000},
	}
	classWorth = [2][classCount]int32{
		toMove: {
			classTwoTwos: 87, classFlex3Block2: 58, classFlex3Plus: 360,
			classDoubleThree: 934, classFourPlus: 488, classFourThree: 1791,
			classOpenFour: 3000, classFive: 6000,
		},
		waiting: {
			classTwoTwos: 18, classFourPlus: 287, classFourThree: 1334,
			classOpenFour: 3000, classFive: 6000,
		},
	}
	// tempo is the worth of having the move.
	tempo int64 = -41
)

// eval is the static value of the position for q, to move.
func (b *board) eval(q int) int64 {
	return b.worth[q][toMove] - b.worth[1-q][waiting] + tempo
}
