package cputime

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestProcessGrowsWithWork(t *testing.T) {
	before, ok := Process()
	if !ok {
		t.Skip("no process CPU time on " + runtime.GOOS)
	}
	x := uint64(1)
	for i := range 50_000_000 {
		x = x*6364136223846793005 + uint64(i)
	}
	after, _ := Process()
	assert.Greater(t, after, before, "CPU time after busy work (%d)", x)
}
