//go:build unix

package bench

import (
	"syscall"
	"time"
)

// cpuClock is the CPU time (user + system) the whole process has used.
// On a shared machine it counts only the time the process actually ran,
// where wall time also counts the time other processes held the cores.
// It includes the garbage collector's background work, a real cost of
// the stores that allocate.
func cpuClock() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
