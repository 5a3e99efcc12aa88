package bench

import (
	"testing"

	"github.com/gomoku-engine/gomoku/sparse"
)

func BenchmarkTmpParts(b *testing.B) {
	for _, n := range []int{1e3, 1e5} {
		w, _ := withoutWins(Clustered(n, 1), 5, 0)
		b.Run("place/"+Count(int64(n)), func(b *testing.B) {
			for b.Loop() {
				bd, _ := sparse.New()
				for _, m := range w.Moves {
					bd.Place(int(m.Row), int(m.Col), m.Player)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/move")
		})
		b.Run("runs/"+Count(int64(n)), func(b *testing.B) {
			bd, _ := sparse.New()
			for _, m := range w.Moves {
				bd.Place(int(m.Row), int(m.Col), m.Player)
			}
			for b.Loop() {
				for _, m := range w.Moves {
					r := bd.AxisRuns(int(m.Row), int(m.Col), m.Player, 4)
					sink += r[0]
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/move")
		})
		b.Run("full/"+Count(int64(n)), func(b *testing.B) {
			s := storeSubject(sparse.SwissTile, 5)
			for b.Loop() {
				s(w)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/move")
		})
		b.Run("dense/"+Count(int64(n)), func(b *testing.B) {
			s := denseSubject(5)
			for b.Loop() {
				s(w)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/move")
		})
	}
}
