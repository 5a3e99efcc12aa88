package savefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
)

// MaxSize is the largest saved game [Read] accepts, in bytes: far beyond
// any real game (a million moves take about 20 MB), small enough that
// reading a wrong file, such as a device, cannot exhaust memory.
const MaxSize = 1 << 30

// Load reads and validates the saved game in the named file. opts are as
// for [Read].
func Load(path string, opts ...engine.Option) (*Saved, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("savefile: %w", err)
	}
	defer f.Close()
	s, err := Read(f, opts...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Read reads a saved game from r and validates it completely (see the
// package documentation). The file brings the game's rules; opts choose its
// tuning ([engine.WithChecker], [engine.WithLayout]), and any rules among
// them are overridden by the file's. Errors wrap [ErrNotSaved],
// [ErrVersion] or [ErrInvalid], or the reader's error.
func Read(r io.Reader, opts ...engine.Option) (*Saved, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("savefile: %w", err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrNotSaved, MaxSize)
	}
	doc, err := decode(data)
	if err != nil {
		return nil, err
	}
	return doc.validate(opts)
}

// decode parses data strictly: one JSON object, no unknown fields, nothing
// after it.
func decode(data []byte) (*fileJSON, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var doc fileJSON
	if err := dec.Decode(&doc); err != nil {
		return nil, decodeError(data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: unexpected data after the game at line %d", ErrNotSaved, lineOf(data, dec.InputOffset()))
	}
	if doc.Format == nil || *doc.Format != Format {
		return nil, fmt.Errorf("%w: the \"format\" field must be %q", ErrNotSaved, Format)
	}
	if doc.Version == nil {
		return nil, fmt.Errorf("%w: no \"version\" field", ErrNotSaved)
	}
	if *doc.Version != Version {
		return nil, fmt.Errorf("%w: version %d (this program reads version %d)", ErrVersion, *doc.Version, Version)
	}
	return &doc, nil
}

// decodeError turns a JSON error into one that says where the problem is
// in terms a person editing the file can use.
func decodeError(data []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Errorf("%w: line %d: %v", ErrNotSaved, lineOf(data, syntax.Offset), syntax)
	case errors.As(err, &typ):
		where := typ.Field
		if where == "" {
			where = "document"
		}
		return fmt.Errorf("%w: line %d: %s: want %v, got JSON %s", ErrInvalid, lineOf(data, typ.Offset), where, typ.Type, typ.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%w: the file is empty or cut short", ErrNotSaved)
	}
	// Unknown fields and errors from moveJSON come without an offset.
	return fmt.Errorf("%w: %v", ErrInvalid, err)
}

// lineOf is the 1-based line holding byte offset off of data.
func lineOf(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte{'\n'}) + 1
}

// validate builds the game the document describes with the tuning opts,
// replaying every move.
func (doc *fileJSON) validate(opts []engine.Option) (*Saved, error) {
	cfg, err := doc.Config.config()
	if err != nil {
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if doc.Seats != nil {
		if len(doc.Seats) != cfg.Players {
			return nil, fmt.Errorf("%w: %d seat names for %d players", ErrInvalid, len(doc.Seats), cfg.Players)
		}
		for i, s := range doc.Seats {
			if s == "" {
				return nil, fmt.Errorf("%w: seat %d has an empty name", ErrInvalid, i+1)
			}
		}
	}
	moves := make([]engine.Move, len(doc.Moves))
	for i, m := range doc.Moves {
		moves[i] = engine.Move(m)
	}
	g, err := engine.FromMoves(moves, append(slices.Clip(opts), engine.WithConfig(cfg))...)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if doc.Status == nil {
		return nil, fmt.Errorf("%w: no \"status\" field", ErrInvalid)
	}
	if *doc.Status != g.Status().String() {
		return nil, fmt.Errorf("%w: status is %q but the moves leave the game %v", ErrInvalid, *doc.Status, g.Status())
	}
	winner := 0
	if doc.Winner != nil {
		winner = *doc.Winner
	}
	if winner != g.Winner() {
		return nil, fmt.Errorf("%w: winner is %d but the moves make it %d", ErrInvalid, winner, g.Winner())
	}
	return &Saved{Game: g, Seats: doc.Seats}, nil
}

// config checks the saved configuration and converts it.
func (c *configJSON) config() (engine.Config, error) {
	cfg := engine.DefaultConfig()
	if c == nil {
		return cfg, fmt.Errorf("%w: no \"config\" field", ErrInvalid)
	}
	switch {
	case c.K == nil:
		return cfg, fmt.Errorf("%w: config has no \"k\" field", ErrInvalid)
	case c.Players == nil:
		return cfg, fmt.Errorf("%w: config has no \"players\" field", ErrInvalid)
	case c.Rule == nil:
		return cfg, fmt.Errorf("%w: config has no \"rule\" field", ErrInvalid)
	case c.Order == nil:
		return cfg, fmt.Errorf("%w: config has no \"order\" field", ErrInvalid)
	}
	cfg.K, cfg.Players = *c.K, *c.Players
	if c.Rows != nil {
		cfg.Rows = *c.Rows
	}
	if c.Cols != nil {
		cfg.Cols = *c.Cols
	}
	if c.Torus != nil {
		cfg.Torus = *c.Torus
	}
	rule, err := engine.ParseRule(*c.Rule)
	if err != nil {
		return cfg, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	cfg.Rule = rule
	if cfg.Order, err = engine.ParseTurnOrder(*c.Order); err != nil {
		return cfg, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if (cfg.Rows == 0) != (cfg.Cols == 0) {
		return cfg, fmt.Errorf("%w: rows and cols must both be 0 (unbounded) or both positive, got %d and %d", ErrInvalid, cfg.Rows, cfg.Cols)
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return cfg, nil
}
