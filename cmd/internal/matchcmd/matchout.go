package matchcmd

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/arena/elo"
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
	fmt.Fprintf(w, "%s of %s, seats %v, seed %d, move limit %d%s.\n\n", played, describeConfig(o.Config), o.Schedule, o.Seed, o.MaxMoves, describeTime(o))
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
	if _, err := fmt.Fprintf(w, "\nDraws: %d (%d at the move limit). Average game: %.1f moves.\n", sum.Draws, sum.MoveLimits, sum.AvgLength()); err != nil {
		return err
	}
	if len(sum.Entrants) == 2 && sum.Games > 0 {
		writeHeadToHead(w, m, sum)
	}
	if m.compared != nil {
		m.compared.write(w)
	}
	return writeForfeits(w, m, sum)
}

// describeTime is the time control and openings in words, after a comma.
func describeTime(o arena.Options) string {
	var parts []string
	if o.MoveTime > 0 {
		parts = append(parts, fmt.Sprintf("%v a move", o.MoveTime))
	}
	if o.GameTime > 0 {
		parts = append(parts, fmt.Sprintf("%v+%v a game", o.GameTime, o.Increment))
	}
	if len(parts) > 0 {
		parts = append(parts, fmt.Sprintf("tolerance %v", o.Tolerance))
	}
	if n := len(o.Openings); n > 0 {
		parts = append(parts, fmt.Sprintf("%d openings (%s)", n, map[bool]string{false: "sequential", true: "random order"}[o.RandomOrder]))
	}
	if len(parts) == 0 {
		return ""
	}
	return ", " + strings.Join(parts, ", ")
}

// writeHeadToHead prints the first player's score against the second, the
// Elo difference, its interval and LOS, the pairs and the SPRT.
func writeHeadToHead(w io.Writer, m *matchSetup, sum *arena.Summary) {
	a, b := sum.Entrants[0].Name, sum.Entrants[1].Name
	t := sum.Trinomial()
	fmt.Fprintf(w, "\nScore of %s vs %s: %d - %d - %d  [%.3f] %d games\n", a, b, t.Wins, t.Losses, t.Draws, t.Points()/float64(t.Games()), t.Games())
	e := sum.Estimate()
	model := "single games"
	if sum.Paired && sum.Pairs.Pairs() > 0 {
		model = fmt.Sprintf("%d game pairs", sum.Pairs.Pairs())
	}
	fmt.Fprintf(w, "Elo difference: %s (95%%: %s to %s), LOS %.1f%%, from %s\n", eloText(e), signed(e.Lower), signed(e.Upper), 100*e.LOS, model)
	if sum.Paired && sum.Pairs.Pairs() > 0 {
		fmt.Fprintf(w, "Pairs by %s's points (0, 0.5, 1, 1.5, 2): %v\n", a, sum.Pairs)
	}
	if s := m.opts.SPRT; s != nil {
		fmt.Fprintf(w, "SPRT %s: %s\n", s, sprtState(s, sum.LLR, sum.Verdict))
	}
}

// writeForfeits lists the games lost by a fault, with the reason and the
// moves.
func writeForfeits(w io.Writer, m *matchSetup, sum *arena.Summary) error {
	if sum.Forfeits == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nForfeits: %d.\n", sum.Forfeits)
	for _, f := range m.forfeits {
		fmt.Fprintf(w, "  game %d: %s\n    moves: %s\n", f.Game, f.Reason, f.Moves)
	}
	return nil
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
	Config      gamecli.JSONConfig `json:"config"`
	Games       int                `json:"games"`
	Requested   int                `json:"games_requested"`
	Interrupted bool               `json:"interrupted"`
	Seed        uint64             `json:"seed"`
	Schedule    string             `json:"schedule"`
	MaxMoves    int                `json:"max_moves"`
	Opening     int                `json:"opening_moves"`
	Draws       int                `json:"draws"`
	MoveLimits  int                `json:"move_limits"`
	AvgLength   float64            `json:"avg_length"`
	Bots        []standingJSON     `json:"bots"`
	// The time control, openings and concurrency.
	MoveTimeMS  int64 `json:"move_time_ms"`
	GameTimeMS  int64 `json:"game_time_ms"`
	IncrementMS int64 `json:"increment_ms"`
	ToleranceMS int64 `json:"tolerance_ms"`
	Openings    int   `json:"openings"`
	Concurrency int   `json:"concurrency"`
	// HeadToHead is the first bot against the second (two bots only).
	HeadToHead *headToHeadJSON `json:"head_to_head"`
	// Baseline is the first bot against its results in --baseline.
	Baseline *baselineJSON `json:"baseline"`
	Forfeits []forfeit     `json:"forfeits"`
}

// headToHeadJSON holds the statistics of a two-player match. Values that
// are infinite (a score of 0 or 1) or undefined are null.
type headToHeadJSON struct {
	Wins   int     `json:"wins"`
	Losses int     `json:"losses"`
	Draws  int     `json:"draws"`
	Score  float64 `json:"score"`
	Model  string  `json:"model"`
	Pairs  *[5]int `json:"pentanomial"`
	eloJSON
	SPRT *sprtJSON `json:"sprt"`
}

// eloJSON is an estimate's Elo, interval and LOS; null where infinite or
// undefined.
type eloJSON struct {
	Elo       *float64 `json:"elo"`
	EloLower  *float64 `json:"elo_lower"`
	EloUpper  *float64 `json:"elo_upper"`
	EloMargin *float64 `json:"elo_margin"`
	LOS       *float64 `json:"los"`
}

func newEloJSON(e elo.Estimate) eloJSON {
	return eloJSON{Elo: finite(e.Elo), EloLower: finite(e.Lower), EloUpper: finite(e.Upper), EloMargin: finite(e.Margin), LOS: finite(e.LOS)}
}

type sprtJSON struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	MinPairs int     `json:"min_pairs"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Verdict  string  `json:"verdict"`
}

// newSPRTJSON is test s after it reached ratio llr and verdict v.
func newSPRTJSON(s *elo.SPRT, llr float64, v elo.Verdict) *sprtJSON {
	lower, upper := s.Bounds()
	return &sprtJSON{s.Elo0, s.Elo1, s.Alpha, s.Beta, s.MinPairs, llr, lower, upper, v.String()}
}

// sprtState is "LLR 1.234 [-2.944, 2.944], no decision yet": test s's
// ratio llr within its bounds, and its verdict v.
func sprtState(s *elo.SPRT, llr float64, v elo.Verdict) string {
	lower, upper := s.Bounds()
	verdict := "no decision yet"
	if v != elo.Continue {
		verdict = v.String() + ", match stopped"
	}
	return fmt.Sprintf("LLR %.3f [%.3f, %.3f], %s", llr, lower, upper, verdict)
}

// forfeit is a game lost by a fault.
type forfeit struct {
	Game   int    `json:"game"`
	Bot    string `json:"bot"`
	Fault  string `json:"fault"`
	Reason string `json:"reason"`
	Moves  string `json:"moves"`
}

// finite is x, or nil when it is infinite or NaN.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

func headToHead(m *matchSetup, sum *arena.Summary) *headToHeadJSON {
	if len(sum.Entrants) != 2 || sum.Games == 0 {
		return nil
	}
	t := sum.Trinomial()
	e := sum.Estimate()
	h := &headToHeadJSON{Wins: t.Wins, Losses: t.Losses, Draws: t.Draws, Score: t.Points() / float64(t.Games()), Model: "trinomial",
		eloJSON: newEloJSON(e)}
	if sum.Paired && sum.Pairs.Pairs() > 0 {
		p := [5]int(sum.Pairs)
		h.Model, h.Pairs = "pentanomial", &p
	}
	if s := m.opts.SPRT; s != nil {
		h.SPRT = newSPRTJSON(s, sum.LLR, sum.Verdict)
	}
	return h
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
	// Faults counts the games it forfeited, by kind.
	Faults faultsJSON `json:"faults"`
}

type faultsJSON struct {
	Total   int `json:"total"`
	Time    int `json:"time"`
	Illegal int `json:"illegal_move"`
	Crash   int `json:"crash"`
	Garbage int `json:"garbage"`
	Refusal int `json:"refusal"`
	// Forbidden counts renju's forbidden moves by black.
	Forbidden int `json:"forbidden_move"`
}

func faultCounts(f [arena.NumFaults]int) faultsJSON {
	return faultsJSON{f[arena.NoFault], f[arena.TimeLoss], f[arena.IllegalMove], f[arena.Crash], f[arena.Garbage], f[arena.Refusal], f[arena.ForbiddenMove]}
}

func writeMatchJSON(w io.Writer, m *matchSetup, sum *arena.Summary, interrupted bool) error {
	o, cfg := m.opts, m.opts.Config
	doc := matchJSON{
		Config:      gamecli.NewJSONConfig(cfg, m.checker),
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
		MoveTimeMS:  o.MoveTime.Milliseconds(),
		GameTimeMS:  o.GameTime.Milliseconds(),
		IncrementMS: o.Increment.Milliseconds(),
		ToleranceMS: o.Tolerance.Milliseconds(),
		Openings:    len(o.Openings),
		Concurrency: max(o.Concurrency, 1),
		HeadToHead:  headToHead(m, sum),
		Baseline:    m.compared.json(),
		Forfeits:    append([]forfeit{}, m.forfeits...),
	}
	for _, s := range sum.Entrants {
		doc.Bots = append(doc.Bots, standingJSON{
			Name: s.Name, Games: s.Games, Wins: s.Wins, Losses: s.Losses, Draws: s.Draws, WinRate: s.WinRate(),
			FirstGames: s.FirstGames, FirstWins: s.FirstWins, AvgLength: s.AvgLength(), Moves: s.Moves,
			ThinkMedianNS: s.ThinkMedian.Nanoseconds(), ThinkMaxNS: s.ThinkMax.Nanoseconds(), ThinkTotalNS: s.ThinkTotal.Nanoseconds(),
			Faults: faultCounts(s.Faults),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
