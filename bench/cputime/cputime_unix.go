//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time (user + system) the whole process has used,
// the garbage collector's background work included; ok is false where it
// cannot be read.
func Process() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
