//go:build linux || darwin

package openfiles

import (
	"fmt"
	"syscall"
)

// Limit is the process's limit on open files (which Go raises to the
// hard limit at start-up), or 0 if unknown.
func Limit() uint64 {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) != nil {
		return 0
	}
	return uint64(l.Cur)
}

// Ensure raises the process's open-file limit to n if it is lower
// and the hard limit allows.
func Ensure(n uint64) error {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return nil // unknown: let the connections tell
	}
	if uint64(l.Cur) >= n {
		return nil
	}
	if uint64(l.Max) < n {
		return fmt.Errorf("%d open files needed, but the hard limit is %d: raise it (ulimit -Hn, LimitNOFILE=) or ask for fewer spectators", n, l.Max)
	}
	l.Cur = n
	return syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
}
