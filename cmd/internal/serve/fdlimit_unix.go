//go:build unix

package serve

import "syscall"

// fdLimit is the process's limit on open files (which Go raises to the
// hard limit at start-up), or 0 if unknown.
func fdLimit() uint64 {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) != nil {
		return 0
	}
	return uint64(l.Cur)
}
