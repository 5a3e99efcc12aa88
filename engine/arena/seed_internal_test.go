package arena

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSeedsDiffer(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range 100 {
		g := gameSeed(1, i)
		assert.False(t, seen[g], "game %d", i)
		seen[g] = true
		assert.NotEqual(t, entrantSeed(g, 0), entrantSeed(g, 1))
	}
	assert.NotEqual(t, gameSeed(1, 0), gameSeed(2, 0))
}
