package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunPrintsStandings(t *testing.T) {
	var out, errs bytes.Buffer
	err := run([]string{"-players", "greedy,random", "-games", "4", "-k", "4", "-v"}, &out, &errs)
	require.NoError(t, err, errs.String())
	s := out.String()
	assert.Contains(t, s, "K=4, 2 players, unbounded")
	assert.Contains(t, s, "game   4 seats [1 0]")
	assert.Regexp(t, `1\s+greedy\s+4\s+4\s+0\s+0\s+100\.0%`, s)
	assert.Contains(t, s, "as 1:   2/2")
}

func TestRunSearchStatistics(t *testing.T) {
	var out bytes.Buffer
	err := run([]string{"-players", "search,random", "-games", "2", "-k", "4", "-budget", "20ms"}, &out, &out)
	require.NoError(t, err)
	assert.Contains(t, out.String(), "search time per move: median")
	assert.Contains(t, out.String(), "nodes/s")
}

func TestRunRejectsBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"-players", "greedy,nobody"},
		{"-rule", "gomoku"},
		{"-schedule", "swiss"},
		{"-games", "0"},
		{"-no-such-flag"},
	} {
		var out, errs bytes.Buffer
		assert.Error(t, run(args, &out, &errs), "%v", args)
	}
}
