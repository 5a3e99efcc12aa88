package matchcmd

import (
	"fmt"
	"math"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/arena/elo"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// summaryLine is a game in one PGN-like line of tags and the moves:
//
//	[Game "3"] [Black "gomoku"] [White "AIWine"] [Result "0-1"] [Termination "five in a row"] [Opening "h8i9"] [PlyCount "41"] h8i9...
//
// Two-player games name the first mover Black, and "1-0" means the first
// mover won (c-gomoku-cli's "Finished game" convention). Games of more
// players list the seats and the winning player ("P2", or "draw").
func summaryLine(m *matchSetup, names []string, r arena.GameResult) string {
	var sb strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&sb, "[%s %q] ", k, v) }
	tag("Game", fmt.Sprint(r.Index+1))
	if len(r.Seats) == 2 {
		tag("Black", names[r.Seats[0]])
		tag("White", names[r.Seats[1]])
		tag("Result", map[int]string{0: "1/2-1/2", 1: "1-0", 2: "0-1"}[r.Winner])
	} else {
		seats := make([]string, len(r.Seats))
		for p, e := range r.Seats {
			seats[p] = names[e]
		}
		tag("Seats", strings.Join(seats, ","))
		res := "draw"
		if r.Winner > 0 {
			res = fmt.Sprintf("P%d", r.Winner)
		}
		tag("Result", res)
	}
	tag("Termination", termination(m.opts.Config, r))
	if r.OpeningIndex >= 0 && r.OpeningIndex < len(m.openings) {
		tag("Opening", m.openings[r.OpeningIndex].Source)
	}
	tag("PlyCount", fmt.Sprint(len(r.Moves)))
	sb.WriteString(movesText(m.opts.Config, r.Moves))
	return sb.String()
}

// sgfResult are the SGF root properties of game r beside its moves, as
// c-gomoku-cli writes them: the game's number (GN), the result (RE, B+1,
// W+1 or 0 for a draw) and how the game ended (TE), a forfeit's reason
// included.
func sgfResult(m *matchSetup, r arena.GameResult) []record.Property {
	re := map[int]string{0: "0", 1: "B+1", 2: "W+1"}[r.Winner]
	return []record.Property{
		{ID: "GN", Values: []string{fmt.Sprint(r.Index + 1)}},
		{ID: "RE", Values: []string{re}},
		{ID: "TE", Values: []string{termination(m.opts.Config, r)}},
	}
}

// termination says how a game ended, in words.
func termination(cfg engine.Config, r arena.GameResult) string {
	switch r.Ending {
	case arena.Win:
		if cfg.K == 5 {
			return "five in a row"
		}
		return fmt.Sprintf("%d in a row", cfg.K)
	case arena.Draw:
		return "board full"
	case arena.MoveLimit:
		return "move limit"
	case arena.Forfeit:
		return fmt.Sprintf("player %d forfeits (%v): %s", r.Loser, r.Fault, r.Reason)
	}
	return r.Ending.String()
}

// movesText writes a game's moves as a move string where one can (two
// players, at most 26 columns, cells from a1), else as "row,col" pairs.
func movesText(cfg engine.Config, moves []engine.Move) string {
	if cfg.Players == 2 && cfg.Bounded() && cfg.Cols <= record.MaxMoveStringCols {
		rec := make([]record.Move, len(moves))
		for i, mv := range moves {
			rec[i] = record.Move{Row: mv.Row, Col: mv.Col}
		}
		if s, err := record.FormatMoveString(rec); err == nil {
			return s
		}
	}
	parts := make([]string, len(moves))
	for i, mv := range moves {
		parts[i] = fmt.Sprintf("%d,%d", mv.Row, mv.Col)
	}
	return strings.Join(parts, " ")
}

// runningNote is the progress bar's "a 7.5-4.5 b, Elo +88.2 ± 120.5".
func runningNote(live *arena.Summary) string {
	if len(live.Entrants) != 2 || live.Games == 0 {
		return ""
	}
	t := live.Trinomial()
	return fmt.Sprintf("%s %g-%g %s, Elo %s", live.Entrants[0].Name, t.Points(), float64(t.Games())-t.Points(),
		live.Entrants[1].Name, eloText(live.Estimate()))
}

// eloText is "+88.2 ± 120.5", with "inf" for unbounded values.
func eloText(e elo.Estimate) string {
	if math.IsNaN(e.Elo) {
		return "n/a"
	}
	return fmt.Sprintf("%s ± %s", signed(e.Elo), unsigned(e.Margin))
}

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "n/a"
	}
	return fmt.Sprintf("%+.1f", x)
}

func unsigned(x float64) string {
	switch {
	case math.IsInf(x, 0):
		return "inf"
	case math.IsNaN(x):
		return "n/a"
	}
	return fmt.Sprintf("%.1f", x)
}
