//go:build unix

package player_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system: on a
// loaded machine it measures the search where wall time measures the
// machine.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
