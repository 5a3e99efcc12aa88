package elo_test

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine/arena/elo"
)

// Single games: 60 wins, 30 losses and 10 draws for the first player.
func ExampleTrinomial_Estimate() {
	e := elo.Trinomial{Wins: 60, Losses: 30, Draws: 10}.Estimate()
	fmt.Printf("score %.3f, Elo %+.1f ± %.1f, LOS %.1f%%\n", e.Score, e.Elo, e.Margin, 100*e.LOS)
	// Output:
	// score 0.650, Elo +107.5 ± 68.5, LOS 99.9%
}

// Game pairs (each opening played with colours swapped) counted by the
// first player's points in the pair: 0, ½, 1, 1½ and 2.
func ExamplePentanomial_Estimate() {
	e := elo.Pentanomial{2, 5, 20, 15, 8}.Estimate()
	fmt.Printf("%d pairs, score %.3f, Elo %+.1f ± %.1f\n", e.N, e.Score, e.Elo, e.Margin)
	// Output:
	// 50 pairs, score 0.610, Elo +77.7 ± 51.2
}

// An SPRT of "no gain" (elo0 = 0) against "a gain of 10 Elo" (elo1 = 10),
// read after some pairs.
func ExampleSPRT() {
	test, err := elo.ParseSPRT("elo0=0,elo1=10,alpha=0.05,beta=0.05")
	if err != nil {
		panic(err)
	}
	lower, upper := test.Bounds()
	pairs := elo.Pentanomial{15, 60, 135, 90, 30}
	llr := test.LLRPairs(pairs)
	fmt.Printf("bounds %.2f..%.2f, LLR %.2f: %v\n", lower, upper, llr, test.Decide(llr, float64(pairs.Pairs())))
	// Output:
	// bounds -2.94..2.94, LLR 3.01: H1 accepted
}

// Two builds of one engine, each against the same opponent on the same
// eight openings with colours swapped: the second build's scores, pair by
// pair, against the first's.
func ExampleDifference() {
	base := []float64{1, 0.5, 0.5, 0, 1, 0.5, 0.75, 0.25}
	run := []float64{1, 0.5, 1, 0, 1, 0.75, 0.75, 0.5}
	e := elo.Difference(base, run)
	fmt.Printf("%d pairs, Elo %+.1f (95%%: %+.1f to %+.1f), LOS %.1f%%\n", e.N, e.Elo, e.Lower, e.Upper, 100*e.LOS)
	// Output:
	// 8 pairs, Elo +93.3 (95%: -4.2 to +217.9), LOS 96.9%
}
