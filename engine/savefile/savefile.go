package savefile

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/gomoku-engine/gomoku/engine"
)

// Format is the value of every saved game's "format" field.
const Format = "gomoku-game"

// Version is the format version this package writes and reads.
const Version = 1

// Errors returned by [Read] and [Load], wrapped with the details.
var (
	// ErrNotSaved: the data is not JSON, or not a saved game.
	ErrNotSaved = errors.New("savefile: not a saved game")
	// ErrVersion: a saved game of a version this package does not know.
	ErrVersion = errors.New("savefile: unsupported version")
	// ErrInvalid: a saved game whose content is wrong: a bad
	// configuration, a refused move, or a status the moves do not lead to.
	ErrInvalid = errors.New("savefile: invalid saved game")
)

// Saved is a validated saved game.
type Saved struct {
	// Game is the game replayed from the file: its configuration, its
	// moves and its outcome, with the tuning given to [Read] or [Load]
	// (by default the engine's default win checker and board layout).
	Game *engine.Game
	// Seats names who played each seat, one per player, or is nil when
	// the file does not say.
	Seats []string
}

// Moves returns the game's moves, oldest first.
func (s *Saved) Moves() []engine.Move { return s.Game.History() }

// configJSON is the saved part of an [engine.Config]. Pointers tell a
// missing field from a zero one.
type configJSON struct {
	K       *int    `json:"k"`
	Players *int    `json:"players"`
	Rows    *int    `json:"rows"`
	Cols    *int    `json:"cols"`
	Torus   *bool   `json:"torus"`
	Rule    *string `json:"rule"`
	Order   *string `json:"order"`
}

// fileJSON is the document as read. Moves decode through moveJSON so a
// triple of the wrong length is refused, not padded or truncated.
type fileJSON struct {
	Format  *string     `json:"format"`
	Version *int        `json:"version"`
	Config  *configJSON `json:"config"`
	Seats   []string    `json:"seats"`
	Status  *string     `json:"status"`
	Winner  *int        `json:"winner"`
	Moves   []moveJSON  `json:"moves"`
}

type moveJSON engine.Move

func (m *moveJSON) UnmarshalJSON(b []byte) error {
	var v []int
	if err := json.Unmarshal(b, &v); err != nil {
		if len(b) > 40 {
			b = append(b[:37:37], "..."...)
		}
		return fmt.Errorf("a move must be [row, col, player] with integers, got %s", b)
	}
	if len(v) != 3 {
		return fmt.Errorf("a move must be [row, col, player], got %d numbers", len(v))
	}
	*m = moveJSON{Row: v[0], Col: v[1], Player: v[2]}
	return nil
}

// Write writes g as a saved game to w. seats, when not nil, must name one
// seat per player.
func Write(w io.Writer, g *engine.Game, seats []string) error {
	cfg := g.Config()
	if seats != nil && len(seats) != cfg.Players {
		return fmt.Errorf("savefile: %d seat names for %d players", len(seats), cfg.Players)
	}
	conf, err := json.Marshal(struct {
		K       int    `json:"k"`
		Players int    `json:"players"`
		Rows    int    `json:"rows"`
		Cols    int    `json:"cols"`
		Torus   bool   `json:"torus,omitempty"`
		Rule    string `json:"rule"`
		Order   string `json:"order"`
	}{cfg.K, cfg.Players, cfg.Rows, cfg.Cols, cfg.Torus, cfg.Rule.String(), cfg.Order.String()})
	if err != nil {
		return fmt.Errorf("savefile: %w", err)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "{\n  \"format\": %q,\n  \"version\": %d,\n  \"config\": %s,\n", Format, Version, spaced(conf))
	if seats != nil {
		names, err := json.Marshal(seats)
		if err != nil {
			return fmt.Errorf("savefile: %w", err)
		}
		fmt.Fprintf(bw, "  \"seats\": %s,\n", spaced(names))
	}
	fmt.Fprintf(bw, "  \"status\": %q,\n  \"winner\": %d,\n  \"moves\": [", g.Status().String(), g.Winner())
	var buf []byte
	for i, m := range g.History() {
		buf = buf[:0]
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, "\n    ["...)
		buf = strconv.AppendInt(buf, int64(m.Row), 10)
		buf = append(buf, ", "...)
		buf = strconv.AppendInt(buf, int64(m.Col), 10)
		buf = append(buf, ", "...)
		buf = strconv.AppendInt(buf, int64(m.Player), 10)
		buf = append(buf, ']')
		bw.Write(buf)
	}
	if g.Len() > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("savefile: %w", err)
	}
	return nil
}

// spaced puts a space after each comma and colon outside strings of
// compact JSON, for a file people read.
func spaced(compact []byte) []byte {
	out := make([]byte, 0, len(compact)+len(compact)/4)
	inString, escaped := false, false
	for _, c := range compact {
		out = append(out, c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ',' || c == ':'):
			out = append(out, ' ')
		}
	}
	return out
}
