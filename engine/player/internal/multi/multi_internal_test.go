package multi

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/sparsesearch"
)

// TestSearchLeavesItsCopyInStep stops searches at every stage with small
// node limits, for every look-ahead, and checks that the working copy is
// back where it started: the real game's position, with bookkeeping equal
// to a recomputation.
func TestSearchLeavesItsCopyInStep(t *testing.T) {
	for _, kind := range []Kind{MaxN, Paranoid, BestReply, Planned} {
		t.Run(kind.String(), func(t *testing.T) {
			g, err := engine.New(engine.WithPlayers(3), engine.WithK(4))
			require.NoError(t, err)
			_, err = g.Play(0, 0)
			require.NoError(t, err)
			for i := range 40 {
				var s sparsesearch.State
				warm, err := s.Sync(g, time.Time{})
				require.NoError(t, err)
				require.True(t, warm)
				lim := core.Limits{Start: time.Now(), MaxDepth: core.MaxDepth, MaxNodes: int64(1 + i*37), Width: core.DefaultWidth, VCF: true, VCT: true}
				r := s.NewRun(context.Background(), g.Turn(), lim, &core.Stats{}, rand.New(rand.NewPCG(1, 2)))
				key, ok := Best(r, kind)
				require.True(t, ok)
				require.NoError(t, s.Verify(g))
				row, col := cellkey.Unpack(key)
				if _, err := g.Play(row, col); err != nil || g.Status() != engine.Ongoing {
					break
				}
			}
		})
	}
}
