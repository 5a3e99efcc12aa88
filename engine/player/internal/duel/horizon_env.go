package duel

import (
	"os"
	"strconv"
)

// Experiment switches, set at build time with -ldflags -X or from the
// environment.
var qPliesFlag, qPVFlag string

var qPlies, qHorizonPV = func() (int, bool) {
	if qPliesFlag == "" {
		qPliesFlag = os.Getenv("GOMOKU_QPLIES")
	}
	if qPVFlag == "" {
		qPVFlag = os.Getenv("GOMOKU_QPV")
	}
	n, err := strconv.Atoi(qPliesFlag)
	if err != nil {
		n = -100
	}
	return n, qPVFlag != ""
}()
