package engine

// NewChecker builds the win checker of kind for the rules c, for callers that drive
// a [sparse.Board] themselves (benchmarks, analysis tools) rather than
// through a [Game]. The caller must follow the [Checker] contract: Record
// after each placement, Forget before each removal, in LIFO order.
func NewChecker(c Config, kind CheckerKind) (Checker, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return newChecker(c, kind)
}
