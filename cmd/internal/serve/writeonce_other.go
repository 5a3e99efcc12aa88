//go:build !unix

package serve

import "errors"

// canWriteOnce: without write(2), the fast lane waits up to liveTimeout
// like the slow one.
const canWriteOnce = false

func writeOnce(uintptr, []byte) (int, error) {
	return 0, errors.New("serve: no write(2) here")
}
