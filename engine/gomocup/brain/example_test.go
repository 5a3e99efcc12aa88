package brain_test

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/brain"
	"github.com/gomoku-engine/gomoku/sparse"
)

// centre plays the free cell nearest the board's centre.
type centre struct{}

func (centre) Name() string { return "centre" }

func (centre) Choose(_ context.Context, g *engine.Game, _ int) (sparse.Cell, error) {
	cfg := g.Config()
	for d := 0; d < max(cfg.Rows, cfg.Cols); d++ {
		for r := cfg.Rows/2 - d; r <= cfg.Rows/2+d; r++ {
			for c := cfg.Cols/2 - d; c <= cfg.Cols/2+d; c++ {
				if r >= 0 && c >= 0 && r < cfg.Rows && c < cfg.Cols && g.At(r, c) == 0 {
					return sparse.Cell{Row: r, Col: c}, nil
				}
			}
		}
	}
	return sparse.Cell{}, errors.New("board full")
}

func ExampleServe() {
	manager := strings.Join([]string{
		"INFO timeout_turn 1000",
		"START 15",
		"TURN 7,7",
		"BOARD",
		"7,7,2",
		"6,6,1",
		"8,8,2",
		"DONE",
		"INFO rule 8", // caro: refused, for the next game
		"TURN 0,0",
		"RESTART",
		"BEGIN",
		"ABOUT",
		"END",
	}, "\r\n")
	opts := brain.Options{
		NewStrategy: brain.Fixed(centre{}),
		About:       gomocup.About{Name: "centre", Version: "1.0", Author: "example", Country: "CZ"},
	}
	if err := brain.Serve(context.Background(), strings.NewReader(manager), os.Stdout, opts); err != nil {
		panic(err)
	}
	// Output:
	// OK
	// 6,6
	// 7,6
	// 8,6
	// OK
	// ERROR rule 8 is not supported: caro (8); this brain plays freestyle (0), exactly five (1), renju (4) and continuous games (2)
	// name="centre", version="1.0", author="example", country="CZ"
}
