package matchcmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/arena/elo"
)

// pairedGame is what comparing two runs game pair by game pair needs of
// one game: who played first and second, who won, and which opening it
// started from.
type pairedGame struct {
	black, white string
	// winner is 1 when black won, 2 when white did, 0 for a draw.
	winner int
	// opening is the opening's file name and line ("fit125.txt:122"),
	// empty without one: the same suite read from another directory is
	// the same opening.
	opening string
}

// points is the score of the bot named name in the game: 1, ½ or 0.
func (g pairedGame) points(name string) float64 {
	switch {
	case g.winner == 0:
		return 0.5
	case (g.winner == 1) == (g.black == name):
		return 1
	}
	return 0
}

// baseline is a saved run that this match is compared with (--baseline):
// the games of its games.txt by number, from 1.
type baseline struct {
	path  string
	games map[int]pairedGame
	names [2]string // sorted
}

// errBaseline marks a games.txt that cannot serve as a baseline, as
// opposed to one that cannot be read.
var errBaseline = errors.New("not a baseline")

// loadBaseline reads the summary lines of a saved two-player run: path is
// the run's --save-dir or its games.txt.
func loadBaseline(path string) (*baseline, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, "games.txt")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := &baseline{path: path, games: map[int]pairedGame{}}
	names := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		n, g, err := parseSummary(text)
		if err != nil {
			return nil, fmt.Errorf("%w: %s:%d: %w", errBaseline, path, line, err)
		}
		if _, dup := b.games[n]; dup {
			return nil, fmt.Errorf("%w: %s:%d: game %d appears twice", errBaseline, path, line, n)
		}
		b.games[n] = g
		names[g.black], names[g.white] = true, true
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(b.games) == 0 {
		return nil, fmt.Errorf("%w: %s holds no games", errBaseline, path)
	}
	if len(names) != 2 {
		return nil, fmt.Errorf("%w: %s: its games have %d players in all, a paired comparison needs the same two in every game", errBaseline, path, len(names))
	}
	b.names = [2]string(slices.Sorted(maps.Keys(names)))
	return b, nil
}

// parseSummary reads the game number, players, result and opening of a
// two-player summary line (see summaryLine).
func parseSummary(line string) (int, pairedGame, error) {
	tags := map[string]string{}
	rest := line
	for strings.HasPrefix(rest, "[") {
		key, value, ok := strings.Cut(rest[1:], " ")
		if !ok {
			return 0, pairedGame{}, fmt.Errorf("a tag without a value")
		}
		quoted, err := strconv.QuotedPrefix(value)
		if err != nil || !strings.HasPrefix(value[len(quoted):], "]") {
			return 0, pairedGame{}, fmt.Errorf("tag %s: want [%s \"VALUE\"]", key, key)
		}
		tags[key], _ = strconv.Unquote(quoted)
		rest = strings.TrimLeft(value[len(quoted)+1:], " ")
	}
	n, err := strconv.Atoi(tags["Game"])
	if err != nil || n < 1 {
		return 0, pairedGame{}, fmt.Errorf("want a [Game \"N\"] tag with N from 1, got %q", tags["Game"])
	}
	if _, seats := tags["Seats"]; seats {
		return 0, pairedGame{}, fmt.Errorf("game %d has more than two players", n)
	}
	g := pairedGame{black: tags["Black"], white: tags["White"], opening: openingID(tags["Opening"])}
	if g.black == "" || g.white == "" {
		return 0, pairedGame{}, fmt.Errorf("game %d: want [Black \"NAME\"] and [White \"NAME\"] tags", n)
	}
	switch r := tags["Result"]; r {
	case "1-0":
		g.winner = 1
	case "0-1":
		g.winner = 2
	case "1/2-1/2":
	default:
		return 0, pairedGame{}, fmt.Errorf("game %d: want a result of 1-0, 0-1 or 1/2-1/2, got %q", n, r)
	}
	return n, g, nil
}

// openingID is an opening's "file:line" source with the file's directory
// dropped.
func openingID(source string) string {
	i := strings.LastIndex(source, ":")
	if i < 0 {
		return source
	}
	return filepath.Base(source[:i]) + source[i:]
}

// checkNames reports whether the baseline's two bots are this match's,
// by name (the match numbers equal names apart): the comparison follows
// names[0] from one run to the other.
func (b *baseline) checkNames(names []string) error {
	here := [2]string{min(names[0], names[1]), max(names[0], names[1])}
	if here != b.names {
		return fmt.Errorf("--baseline: %s has games of %q and %q, this match plays %q and %q: name the bots alike (--name)",
			b.path, b.names[0], b.names[1], names[0], names[1])
	}
	return nil
}

// gameOf is what the comparison keeps of a game of this match.
func (m *matchSetup) gameOf(names []string, r arena.GameResult) pairedGame {
	g := pairedGame{black: names[r.Seats[0]], white: names[r.Seats[1]], winner: r.Winner}
	if r.OpeningIndex >= 0 && r.OpeningIndex < len(m.openings) {
		g.opening = openingID(m.openings[r.OpeningIndex].Source)
	}
	return g
}

// followBaseline keeps game r of this match for the comparison, and
// stops the match (errDecided, or the reason the runs do not compare)
// when its opening is not the baseline's or the test on the difference
// has decided.
func (m *matchSetup) followBaseline(names []string, r arena.GameResult) error {
	g := m.gameOf(names, r)
	if err := m.baseline.checkGame(r.Index+1, g); err != nil {
		return err
	}
	m.played = append(m.played, g) // games come in index order
	if m.pairTest != nil && r.Index%2 == 1 {
		if pc := m.baseline.compare(names[0], m.played, m.pairTest); pc.verdict != elo.Continue {
			return errDecided
		}
	}
	return nil
}

// checkGame reports whether game n of this match started as the
// baseline's game n did: runs that drew their openings differently do not
// compare.
func (b *baseline) checkGame(n int, g pairedGame) error {
	old, ok := b.games[n]
	if !ok || old.opening == g.opening {
		return nil
	}
	return fmt.Errorf("--baseline: game %d opened with %q here and with %q in %s: compare runs of the same openings, order and seed (--openings, --openings-order, --seed)",
		n, g.opening, old.opening, b.path)
}

// pairedComparison is this match's first bot against its own results in
// the baseline, over the game pairs both runs finished.
type pairedComparison struct {
	path string
	bot  string
	// differ counts the pairs where the bot scored differently.
	differ int
	// baseScore is the bot's mean score in the baseline's pairs compared.
	baseScore float64
	est       elo.Estimate
	// sprt is the test of --sprt on the difference, with its ratio and
	// verdict; nil without --sprt.
	sprt    *elo.SPRT
	llr     float64
	verdict elo.Verdict
}

// errDecided stops a match whose test on the difference has decided.
var errDecided = errors.New("the SPRT on the difference with the baseline decided")

// compare pairs this match's games (games[n−1] is game n) with the
// baseline's: pair k is games 2k−1 and 2k, counted when both runs
// finished both. With a test it also gives the test's ratio and verdict.
func (b *baseline) compare(bot string, games []pairedGame, test *elo.SPRT) pairedComparison {
	pc := pairedComparison{path: b.path, bot: bot, sprt: test}
	var base, run []float64
	for n := 1; n+1 <= len(games); n += 2 {
		o1, ok1 := b.games[n]
		o2, ok2 := b.games[n+1]
		if !ok1 || !ok2 {
			continue
		}
		g1, g2 := games[n-1], games[n]
		sb := (o1.points(bot) + o2.points(bot)) / 2
		sr := (g1.points(bot) + g2.points(bot)) / 2
		if sb != sr {
			pc.differ++
		}
		pc.baseScore += sb
		base, run = append(base, sb), append(run, sr)
	}
	if len(base) > 0 {
		pc.baseScore /= float64(len(base))
	}
	pc.est = elo.Difference(base, run)
	if test != nil {
		pc.llr = test.LLRDifference(base, run)
		pc.verdict = test.Decide(pc.llr, float64(len(base)))
	}
	return pc
}

// write prints the comparison after the head-to-head figures.
func (pc *pairedComparison) write(w io.Writer) {
	if pc.est.N == 0 {
		fmt.Fprintf(w, "\nAgainst the baseline %s: no game pair finished in both runs.\n", pc.path)
		return
	}
	e := pc.est
	fmt.Fprintf(w, "\nAgainst the baseline %s: %s %s Elo (95%%: %s to %s), LOS %.1f%%, over %d game pairs (%d scored differently); %.1f%% there, %.1f%% here\n",
		pc.path, pc.bot, eloText(e), signed(e.Lower), signed(e.Upper), 100*e.LOS, e.N, pc.differ, 100*pc.baseScore, 100*e.Score)
	if s := pc.sprt; s != nil {
		fmt.Fprintf(w, "SPRT %s on the difference: %s\n", s, sprtState(s, pc.llr, pc.verdict))
	}
}

// baselineJSON is the comparison in the --json document; figures that
// are infinite or undefined are null.
type baselineJSON struct {
	Path      string   `json:"path"`
	Bot       string   `json:"bot"`
	Pairs     int      `json:"pairs"`
	Differ    int      `json:"pairs_differing"`
	Score     *float64 `json:"score"`
	BaseScore *float64 `json:"baseline_score"`
	eloJSON
	// SPRT is the test on the difference (--sprt with --baseline).
	SPRT *sprtJSON `json:"sprt"`
}

func (pc *pairedComparison) json() *baselineJSON {
	if pc == nil {
		return nil
	}
	e := pc.est
	j := &baselineJSON{Path: pc.path, Bot: pc.bot, Pairs: e.N, Differ: pc.differ, Score: finite(e.Score), eloJSON: newEloJSON(e)}
	if e.N > 0 {
		j.BaseScore = finite(pc.baseScore)
	}
	if s := pc.sprt; s != nil {
		j.SPRT = newSPRTJSON(s, pc.llr, pc.verdict)
	}
	return j
}
