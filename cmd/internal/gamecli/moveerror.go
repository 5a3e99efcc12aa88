package gamecli

import (
	"errors"
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// DescribeMoveError explains a move the engine refused, in words for
// the command line. decidedAt is the move that ended the game, if any.
func DescribeMoveError(g *engine.Game, err error, decidedAt int) string {
	var me *engine.MoveError
	if !errors.As(err, &me) {
		return err.Error()
	}
	m, cfg := me.Move, g.Config()
	switch {
	case errors.Is(err, engine.ErrOccupied):
		return fmt.Sprintf("cell (%d, %d) is occupied by player %d", m.Row, m.Col, g.At(m.Row, m.Col))
	case errors.Is(err, engine.ErrOffBoard):
		return fmt.Sprintf("cell (%d, %d) is off the board (rows 0..%d, columns 0..%d)", m.Row, m.Col, cfg.Rows-1, cfg.Cols-1)
	case errors.Is(err, engine.ErrOutOfRange):
		return fmt.Sprintf("coordinate out of range in (%d, %d): rows and columns must be within %d..%d", m.Row, m.Col, sparse.MinCoord, sparse.MaxCoord)
	case errors.Is(err, engine.ErrGameOver):
		if g.Status() == engine.Drawn {
			return fmt.Sprintf("game already over: the board filled up at move %d, a draw", decidedAt)
		}
		return fmt.Sprintf("game already over: player %d won at move %d", g.Winner(), decidedAt)
	case errors.Is(err, engine.ErrBadPlayer):
		return fmt.Sprintf("bad player number %d (players are 1..%d)", m.Player, cfg.Players)
	case errors.Is(err, engine.ErrWrongTurn):
		return fmt.Sprintf("it is player %d's turn, not player %d's", g.Turn(), m.Player)
	case errors.Is(err, engine.ErrForbidden):
		var fe *engine.ForbiddenError
		errors.As(err, &fe)
		return fmt.Sprintf("cell (%d, %d) is forbidden to black under renju: %v", m.Row, m.Col, fe.Foul)
	}
	return err.Error()
}
