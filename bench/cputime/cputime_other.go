//go:build !unix

package cputime

import "time"

// Process is not available here: ok is always false, and callers fall
// back to wall time.
func Process() (d time.Duration, ok bool) { return 0, false }
