package duel

import (
	"os"
	"strconv"
)

var qPlies, qHorizonPV = func() (int, bool) {
	n, err := strconv.Atoi(os.Getenv("GOMOKU_QPLIES"))
	if err != nil {
		n = -100
	}
	return n, os.Getenv("GOMOKU_QPV") != ""
}()
