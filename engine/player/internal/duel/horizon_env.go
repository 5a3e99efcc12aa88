package duel

import (
	"os"
	"strconv"
)

// Experiment switches, set at build time with -ldflags -X or from the
// environment.
var qPliesFlag, qPVFlag, razorFlag, leafQFlag string

func envInt(flag, name string) int {
	if flag == "" {
		flag = os.Getenv(name)
	}
	n, err := strconv.Atoi(flag)
	if err != nil {
		return -100
	}
	return n
}

var (
	qPlies      = envInt(qPliesFlag, "GOMOKU_QPLIES")
	qHorizonPV  = qPVFlag != "" || os.Getenv("GOMOKU_QPV") != ""
	razorPlies  = envInt(razorFlag, "GOMOKU_RAZOR")
	leafQuiesce = leafQFlag != "" || os.Getenv("GOMOKU_LEAFQ") != ""
)
