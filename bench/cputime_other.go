//go:build !unix

package bench

import "time"

// cpuClock is not available here; measurements fall back to wall time.
func cpuClock() (time.Duration, bool) { return 0, false }
