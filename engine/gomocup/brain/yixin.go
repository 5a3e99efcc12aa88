package brain

import (
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

// showForbid answers YXSHOWFORBID: black's forbidden cells in row-major
// order when the position is a renju game with black to move, else none,
// as Rapfi answers.
func (s *server) showForbid() {
	if s.pos == nil {
		s.errorf("YXSHOWFORBID before START: no board")
		return
	}
	var cells [][2]int
	if s.engineRule() == engine.Renju {
		g, _ := s.pos.game(k, engine.Renju)
		if g == nil {
			s.errorf("YXSHOWFORBID: the stones are not a renju game in progress")
			return
		}
		for c := range g.ForbiddenCells() {
			cells = append(cells, [2]int{c.Col, c.Row})
		}
	}
	s.answer(gomocup.Forbid(cells))
}

// forgetter is a strategy that can drop what it learnt (the search's
// tables), for YXHASHCLEAR.
type forgetter interface{ Forget() }

// hashClear answers YXHASHCLEAR: the latest strategy forgets what it
// learnt, and the brain says so in a MESSAGE, as Rapfi does.
func (s *server) hashClear() {
	if f, ok := s.strategy.(forgetter); ok {
		f.Forget()
	}
	s.answer(gomocup.Answer{Kind: gomocup.AnswerMessage, Text: "hash cleared"}.String())
}
