package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
)

// describeConfig says in words what game was played.
func describeConfig(cfg engine.Config) string {
	board := "an infinite board"
	switch {
	case cfg.Torus:
		board = fmt.Sprintf("a %d×%d torus", cfg.Rows, cfg.Cols)
	case cfg.Bounded():
		board = fmt.Sprintf("a %d×%d board", cfg.Rows, cfg.Cols)
	}
	return fmt.Sprintf("%d-in-a-row (%v) on %s", cfg.K, cfg.Rule, board)
}

// writeMatchTable prints the match's results as a table.
func writeMatchTable(w io.Writer, m *matchSetup, sum *arena.Summary, interrupted bool) error {
	o := m.opts
	played := fmt.Sprintf("%d games", sum.Games)
	if interrupted {
		played = fmt.Sprintf("%d of %d games (interrupted)", sum.Games, o.Games)
	}
	fmt.Fprintf(w, "%s of %s, seats %v, seed %d, move limit %d.\n\n", played, describeConfig(o.Config), o.Schedule, o.Seed, o.MaxMoves)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	// tabwriter aligns every column the same way; the names go left.
	nameW := len("bot")
	for _, s := range sum.Entrants {
		nameW = max(nameW, len(s.Name))
	}
	fmt.Fprintf(tw, "%-*s\tgames\twins\tlosses\tdraws\twin %%\tfirst\twon 1st\tavg len\tthink med\tthink max\t\n", nameW, "bot")
	for _, s := range sum.Entrants {
		fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%d\t%.1f\t%d\t%d\t%.1f\t%v\t%v\t\n", nameW, s.Name, s.Games, s.Wins, s.Losses, s.Draws,
			100*s.WinRate(), s.FirstGames, s.FirstWins, s.AvgLength(), roundDuration(s.ThinkMedian), roundDuration(s.ThinkMax))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nDraws: %d (%d at the move limit). Average game: %.1f moves.\n", sum.Draws, sum.MoveLimits, sum.AvgLength())
	return err
}

// roundDuration keeps three significant digits, enough for a table.
func roundDuration(d time.Duration) time.Duration {
	unit := time.Duration(1)
	for limit := time.Duration(1000); d >= limit && limit < time.Hour; limit *= 10 {
		unit *= 10
	}
	return d.Round(unit)
}

// matchJSON is the --json document.
type matchJSON struct {
	Config      jsonConfig     `json:"config"`
	Games       int            `json:"games"`
	Requested   int            `json:"games_requested"`
	Interrupted bool           `json:"interrupted"`
	Seed        uint64         `json:"seed"`
	Schedule    string         `json:"schedule"`
	MaxMoves    int            `json:"max_moves"`
	Opening     int            `json:"opening_moves"`
	Draws       int            `json:"draws"`
	MoveLimits  int            `json:"move_limits"`
	AvgLength   float64        `json:"avg_length"`
	Bots        []standingJSON `json:"bots"`
}

type standingJSON struct {
	Name          string  `json:"name"`
	Games         int     `json:"games"`
	Wins          int     `json:"wins"`
	Losses        int     `json:"losses"`
	Draws         int     `json:"draws"`
	WinRate       float64 `json:"win_rate"`
	FirstGames    int     `json:"first_games"`
	FirstWins     int     `json:"first_wins"`
	AvgLength     float64 `json:"avg_length"`
	Moves         int     `json:"moves"`
	ThinkMedianNS int64   `json:"think_median_ns"`
	ThinkMaxNS    int64   `json:"think_max_ns"`
	ThinkTotalNS  int64   `json:"think_total_ns"`
}

func writeMatchJSON(w io.Writer, m *matchSetup, sum *arena.Summary, interrupted bool) error {
	o, cfg := m.opts, m.opts.Config
	doc := matchJSON{
		Config:      newJSONConfig(cfg),
		Games:       sum.Games,
		Requested:   o.Games,
		Interrupted: interrupted,
		Seed:        o.Seed,
		Schedule:    o.Schedule.String(),
		MaxMoves:    o.MaxMoves,
		Opening:     o.OpeningMoves,
		Draws:       sum.Draws,
		MoveLimits:  sum.MoveLimits,
		AvgLength:   sum.AvgLength(),
		Bots:        []standingJSON{},
	}
	for _, s := range sum.Entrants {
		doc.Bots = append(doc.Bots, standingJSON{
			Name: s.Name, Games: s.Games, Wins: s.Wins, Losses: s.Losses, Draws: s.Draws, WinRate: s.WinRate(),
			FirstGames: s.FirstGames, FirstWins: s.FirstWins, AvgLength: s.AvgLength(), Moves: s.Moves,
			ThinkMedianNS: s.ThinkMedian.Nanoseconds(), ThinkMaxNS: s.ThinkMax.Nanoseconds(), ThinkTotalNS: s.ThinkTotal.Nanoseconds(),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
