package arena

import (
	"fmt"
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/elo"
)

// Ending is how a game of a match ended.
type Ending uint8

const (
	// Win: a player completed a winning run.
	Win Ending = iota
	// Draw: a bounded board filled up without a win.
	Draw
	// MoveLimit: the game reached the match's move limit; scored as a draw.
	MoveLimit
	// Forfeit: a player broke the rules or the protocol (see Fault) and
	// lost; its opponent wins.
	Forfeit
)

func (e Ending) String() string {
	switch e {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case MoveLimit:
		return "move limit"
	case Forfeit:
		return "forfeit"
	}
	return fmt.Sprintf("Ending(%d)", uint8(e))
}

// Fault is why a player forfeited a game.
type Fault uint8

const (
	// NoFault: the game ended on the board.
	NoFault Fault = iota
	// TimeLoss: a move took longer than its limit plus the tolerance.
	TimeLoss
	// IllegalMove: a move off the board or on an occupied cell.
	IllegalMove
	// Crash: the brain exited, closed its output or could not be started.
	Crash
	// Garbage: the brain answered something that is not a move.
	Garbage
	// Refusal: the brain answered ERROR or UNKNOWN to a command it must
	// obey (START, RESTART, BEGIN, TURN, BOARD).
	Refusal
	// ForbiddenMove: under renju, black chose a move the rule forbids
	// (an overline, a double four or a double three), a built-in bot's as
	// an external engine's; Reason names the foul.
	ForbiddenMove
	// NumFaults counts the kinds, NoFault included.
	NumFaults
)

func (f Fault) String() string {
	switch f {
	case NoFault:
		return "none"
	case TimeLoss:
		return "time"
	case IllegalMove:
		return "illegal move"
	case Crash:
		return "crash"
	case Garbage:
		return "garbage"
	case Refusal:
		return "refusal"
	case ForbiddenMove:
		return "forbidden move"
	}
	return fmt.Sprintf("Fault(%d)", uint8(f))
}

// GameResult is one finished game of a match.
type GameResult struct {
	Index int    // 0-based position in the match
	Seed  uint64 // the game's seed; entrants' seeds derive from it
	// Seats[p-1] is the index of the entrant that played player p.
	Seats  []int
	Ending Ending
	// Winner is the winning player number, or 0.
	Winner int
	// Fault, Loser and Reason describe a forfeit: the kind, the player
	// who forfeited and what happened, with the brain's words.
	Fault  Fault
	Loser  int
	Reason string
	Moves  []engine.Move
	// Opening is how many of the first moves came from the opening (an
	// opening suite's position and random opening moves); OpeningIndex is
	// the suite position's index in Options.Openings, or -1.
	Opening      int
	OpeningIndex int
	// Think[i] is how long Choose took for Moves[i]; 0 for opening moves.
	Think    []time.Duration
	Duration time.Duration
}

// WinnerEntrant is the index of the winning entrant, or -1.
func (r GameResult) WinnerEntrant() int {
	if r.Winner == 0 {
		return -1
	}
	return r.Seats[r.Winner-1]
}

// Standing is one entrant's results over a match.
type Standing struct {
	Name                string
	Games               int
	Wins, Losses, Draws int
	// FirstGames and FirstWins count the games it played as player 1.
	FirstGames, FirstWins int
	// Plies is the total length, in moves, of the games it played.
	Plies int
	// Moves is the number of moves it chose (opening moves excluded);
	// ThinkMedian, ThinkMax and ThinkTotal describe the time they took.
	Moves                             int
	ThinkMedian, ThinkMax, ThinkTotal time.Duration
	think                             []time.Duration
	// Faults counts the games it forfeited, by kind (index NoFault holds
	// the total).
	Faults [NumFaults]int
}

// WinRate is Wins / Games.
func (s Standing) WinRate() float64 { return ratio(s.Wins, s.Games) }

// AvgLength is the mean length, in moves, of the games it played.
func (s Standing) AvgLength() float64 { return ratio(s.Plies, s.Games) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Summary aggregates a match. Entrants are in the order they were given.
type Summary struct {
	Games int
	// Draws counts games without a winner, MoveLimits those among them
	// that hit the move limit.
	Draws, MoveLimits int
	Plies             int
	Entrants          []Standing
	// Paired says that games came in pairs, the seats swapped (two
	// entrants rotating seats); Pairs counts the finished pairs by the
	// first entrant's points in them.
	Paired bool
	Pairs  elo.Pentanomial
	// LLR is the SPRT's log-likelihood ratio after the last game counted
	// and Verdict its decision; Continue when no SPRT was run or it did
	// not decide.
	LLR     float64
	Verdict elo.Verdict
	// Forfeits counts the games lost by a fault.
	Forfeits int

	pending map[int]GameResult // first games of unfinished pairs
}

// Trinomial is the first entrant's wins, losses and draws.
func (s *Summary) Trinomial() elo.Trinomial {
	if len(s.Entrants) == 0 {
		return elo.Trinomial{}
	}
	e := s.Entrants[0]
	return elo.Trinomial{Wins: e.Wins, Losses: e.Losses, Draws: e.Draws}
}

// Estimate is the first entrant's Elo against the second: from the pairs
// when games are paired, else from single games.
func (s *Summary) Estimate() elo.Estimate {
	if s.Paired && s.Pairs.Pairs() > 0 {
		return s.Pairs.Estimate()
	}
	return s.Trinomial().Estimate()
}

// points is entrant e's score in a game: 2 for a win, 1 for a draw.
func (r GameResult) points(e int) int {
	switch w := r.WinnerEntrant(); {
	case w == e:
		return 2
	case w < 0:
		return 1
	}
	return 0
}

// AvgLength is the mean game length in moves.
func (s *Summary) AvgLength() float64 { return ratio(s.Plies, s.Games) }

// NewSummary starts an empty summary, for following a match's results
// game by game (Run returns its own).
func NewSummary(names []string, paired bool) *Summary {
	s := &Summary{Entrants: make([]Standing, len(names)), Paired: paired, pending: map[int]GameResult{}}
	for i, n := range names {
		s.Entrants[i].Name = n
	}
	return s
}

// Add counts one finished game; games must come in index order.
func (s *Summary) Add(r GameResult) {
	s.Games++
	s.Plies += len(r.Moves)
	if r.Winner == 0 {
		s.Draws++
		if r.Ending == MoveLimit {
			s.MoveLimits++
		}
	}
	for p, e := range r.Seats {
		st := &s.Entrants[e]
		st.Games++
		st.Plies += len(r.Moves)
		switch {
		case r.Winner == 0:
			st.Draws++
		case r.Winner == p+1:
			st.Wins++
		default:
			st.Losses++
		}
		if p == 0 {
			st.FirstGames++
			if r.Winner == 1 {
				st.FirstWins++
			}
		}
	}
	if r.Ending == Forfeit {
		s.Forfeits++
		st := &s.Entrants[r.Seats[r.Loser-1]]
		st.Faults[NoFault]++
		st.Faults[r.Fault]++
	}
	if s.Paired {
		pair := r.Index / 2
		if first, ok := s.pending[pair]; ok {
			delete(s.pending, pair)
			s.Pairs[first.points(0)+r.points(0)]++
		} else {
			s.pending[pair] = r
		}
	}
	for i, m := range r.Moves[r.Opening:] {
		st := &s.Entrants[r.Seats[m.Player-1]]
		st.think = append(st.think, r.Think[r.Opening+i])
	}
}

// finish computes the time figures.
func (s *Summary) finish() {
	for i := range s.Entrants {
		st := &s.Entrants[i]
		st.Moves = len(st.think)
		st.ThinkTotal, st.ThinkMedian, st.ThinkMax = 0, 0, 0
		if st.Moves == 0 {
			continue
		}
		sorted := slices.Clone(st.think)
		slices.Sort(sorted)
		for _, d := range sorted {
			st.ThinkTotal += d
		}
		st.ThinkMedian = sorted[len(sorted)/2]
		st.ThinkMax = sorted[len(sorted)-1]
	}
}
