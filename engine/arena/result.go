package arena

import (
	"fmt"
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
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
)

func (e Ending) String() string {
	switch e {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case MoveLimit:
		return "move limit"
	}
	return fmt.Sprintf("Ending(%d)", uint8(e))
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
	Moves  []engine.Move
	// Opening is how many of the first moves were random openings.
	Opening int
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
}

// AvgLength is the mean game length in moves.
func (s *Summary) AvgLength() float64 { return ratio(s.Plies, s.Games) }

func newSummary(entrants []Entrant) *Summary {
	s := &Summary{Entrants: make([]Standing, len(entrants))}
	for i, e := range entrants {
		s.Entrants[i].Name = e.Name
	}
	return s
}

// add counts one finished game.
func (s *Summary) add(r GameResult) {
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
