package engine

import (
	"testing"

	"github.com/gomoku-engine/gomoku/sparse"
)

// FuzzMoves decodes a configuration and a sequence of operations from the
// fuzzer's bytes and plays it on every applicable checker beside the
// brute-force referee. Each operation takes three bytes: the first selects
// play, undo, redo or look-ahead and the player, the other two are the
// row and column offsets from the configuration's origin. A bounded board
// is a torus when flags has bit 5 set.
func FuzzMoves(f *testing.F) {
	f.Add(uint8(2), uint8(0), uint8(0), uint8(0), uint8(0), []byte{0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2})
	f.Add(uint8(2), uint8(0), uint8(2), uint8(2), uint8(4), []byte{0, 0, 0, 0, 1, 1, 0, 2, 2, 5, 0, 0, 6, 0, 0, 7, 1, 1})
	f.Add(uint8(4), uint8(1), uint8(0), uint8(0), uint8(3), []byte{8, 0, 0, 8, 0, 1, 8, 0, 3, 8, 0, 4, 8, 0, 2, 8, 0, 5})
	f.Add(uint8(6), uint8(3), uint8(6), uint8(6), uint8(0x1c), []byte{1, 250, 250, 2, 5, 5, 3, 4, 4, 5, 5, 5})
	// A 3 × 4 torus, K = 6, one player along the diagonal cycle of 12 cells.
	f.Add(uint8(5), uint8(0), uint8(2), uint8(3), uint8(0x26), []byte{16, 1, 1, 16, 2, 2, 16, 3, 3, 16, 1, 4, 16, 2, 1, 16, 3, 2})
	f.Fuzz(func(t *testing.T, k, players, rows, cols, flags uint8, ops []byte) {
		cfg := Config{K: 1 + int(k%7), Players: 2 + int(players%4), Rule: Rule(flags & 1), Order: TurnOrder(flags >> 1 & 1)}
		origins := []sparse.Cell{{Row: -1, Col: -4}, {Row: sparse.MaxCoord - 5, Col: sparse.MaxCoord - 5},
			{Row: sparse.MinCoord - 2, Col: sparse.MaxCoord - 3}, {Row: sparse.MinCoord, Col: sparse.MinCoord}}
		origin, span := origins[flags>>3&3], 9
		if flags&4 != 0 {
			cfg.Rows, cfg.Cols = 1+int(rows%7), 1+int(cols%7)
			cfg.K = min(cfg.K, max(cfg.Rows, cfg.Cols))
			origin = sparse.Cell{Row: -1, Col: -1}
			if flags&0x20 != 0 {
				cfg.Torus = true
				cfg.K = 1 + int(k)%lcm(cfg.Rows, cfg.Cols)
			}
		}
		tb := newTable(t, cfg, origin, span)
		for i := 0; i+2 < len(ops) && i < 600; i += 3 {
			m := Move{
				Row:    origin.Row + int(ops[i+1])%span,
				Col:    origin.Col + int(ops[i+2])%span,
				Player: tb.ref.turn(),
			}
			if who := int(ops[i] >> 3); who != 0 {
				m.Player = who - 1 // 0 and N+1 and beyond are bad players
			}
			switch ops[i] & 7 {
			case 5:
				tb.undo(t)
			case 6:
				tb.redo(t)
			case 7:
				tb.wouldWin(t, m)
			default:
				tb.play(t, m)
			}
		}
	})
}
