package player

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/multi"
)

// TestEnumsMatchTheEngines: the public constants are the values the
// engines report and read, so a conversion carries the meaning over.
func TestEnumsMatchTheEngines(t *testing.T) {
	reasons := map[Reason]core.Reason{
		ReasonNone: core.ReasonNone, ReasonOpening: core.ReasonOpening, ReasonWin: core.ReasonWin,
		ReasonVCF: core.ReasonVCF, ReasonVCT: core.ReasonVCT, ReasonPlan: core.ReasonPlan,
		ReasonSearch: core.ReasonSearch, ReasonRefute: core.ReasonRefute, ReasonOnlyMove: core.ReasonOnlyMove,
		ReasonWarmUp: core.ReasonWarmUp, ReasonFallback: core.ReasonFallback,
	}
	assert.Len(t, reasons, 11)
	for r, c := range reasons {
		assert.Equal(t, c, core.Reason(r), "%v", c)
	}
	halts := map[Halt]core.Halt{
		HaltNone: core.HaltNone, HaltAim: core.HaltAim, HaltReach: core.HaltReach, HaltAlone: core.HaltAlone,
		HaltSettled: core.HaltSettled, HaltStopped: core.HaltStopped, HaltDepth: core.HaltDepth,
	}
	assert.Len(t, halts, 7)
	for h, c := range halts {
		assert.Equal(t, c, core.Halt(h), "%v", c)
	}
	kinds := map[MultiSearch]multi.Kind{MaxN: multi.MaxN, Paranoid: multi.Paranoid, BestReply: multi.BestReply, Planned: multi.Planned}
	assert.Len(t, kinds, 4)
	for m, k := range kinds {
		assert.Equal(t, k, multi.Kind(m), "%v", k)
	}
}
