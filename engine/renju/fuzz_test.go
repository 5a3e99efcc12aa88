package renju_test

import (
	"strings"
	"testing"
)

// FuzzCheck: on any position the fuzzer draws, as a diagram of 'X', 'O'
// and '.' rows, bounded or not, the detector and the referee agree on
// every cell. The seeds are the rule and nested cases.
func FuzzCheck(f *testing.F) {
	for _, tc := range ruleCases {
		f.Add(tc.diagram, tc.bounded)
	}
	for _, tc := range nestedCases {
		f.Add(tc.diagram, false)
		f.Add(tc.diagram, true)
	}
	f.Fuzz(func(t *testing.T, text string, bounded bool) {
		if len(text) > 400 || strings.Count(text, "\n") > 20 {
			t.Skip("positions larger than 20 rows or 400 cells say nothing new")
		}
		p, _ := diagram(text, bounded)
		size := 0
		for k := range p.stones {
			size = max(size, k[0]+1, k[1]+1)
		}
		compareAll(t, p, size)
	})
}
