//go:build unix

package main

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system: set
// against wall time, it tells a search that ran long from one the machine
// did not let run.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
