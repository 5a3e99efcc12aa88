//go:build unix

package serve

import "syscall"

// canWriteOnce: the fast lane's writes that never wait are possible here.
const canWriteOnce = true

// writeOnce makes one write(2) of b on a socket that does not block (Go
// keeps its sockets so), and returns how much it took.
func writeOnce(fd uintptr, b []byte) (int, error) { return syscall.Write(int(fd), b) }
