//go:build !unix

package serve

// fdLimit is unknown outside Unix.
func fdLimit() uint64 { return 0 }
