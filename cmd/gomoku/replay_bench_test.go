package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"testing"
)

// noWinMoves returns n moves for two players in rotation on a square of
// side ~sqrt(n) that never give five in a row: player 1 takes the cells
// where (col + 2·row)/2 is even, player 2 the others. Runs are at most two
// long on every axis, so the whole list replays without a win.
func noWinMoves(n int) []byte {
	side := 1
	for side*side < n {
		side++
	}
	if side%2 == 1 {
		side++ // each row then holds as many cells of each player
	}
	var p1, p2 [][2]int
	for r := 0; r < side && len(p1)+len(p2) < 2*n; r++ {
		for c := range side {
			if (c+2*r)/2%2 == 0 {
				p1 = append(p1, [2]int{r, c})
			} else {
				p2 = append(p2, [2]int{r, c})
			}
		}
	}
	var buf bytes.Buffer
	for i := range n {
		m := p1[i/2]
		if i%2 == 1 {
			m = p2[i/2]
		}
		buf.WriteString(strconv.Itoa(m[0]) + " " + strconv.Itoa(m[1]) + "\n")
	}
	return buf.Bytes()
}

func TestNoWinMovesReplayWithoutAWin(t *testing.T) {
	input := noWinMoves(10000)
	r := runApp(t, string(input), "replay", "--json")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	doc := decodeReplay(t, r.out)
	if doc.Moves != 10000 || doc.Status != "ongoing" {
		t.Fatalf("got %d moves, status %s", doc.Moves, doc.Status)
	}
}

// BenchmarkReplay measures "gomoku replay" end to end, in-process: parsing,
// playing and printing. The moves/s metric is the figure the issue asks
// for; run it with -benchtime 3x for the million-move size.
func BenchmarkReplay(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"1e4", 10_000}, {"1e6", 1_000_000}} {
		n, input := size.n, noWinMoves(size.n)
		for _, format := range []string{"text", "json"} {
			args := []string{"gomoku", "replay"}
			if format == "json" {
				args = append(args, "--json")
			}
			b.Run(fmt.Sprintf("format=%s/moves=%s", format, size.name), func(b *testing.B) {
				b.SetBytes(int64(len(input)))
				for b.Loop() {
					if code := run(context.Background(), args, bytes.NewReader(input), io.Discard, io.Discard); code != exitOK {
						b.Fatalf("exit status %d", code)
					}
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
			})
		}
	}
}
