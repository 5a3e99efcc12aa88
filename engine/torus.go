package engine

// A torus is a bounded board whose opposite edges touch. Its geometry is
// kept here, in terms of the configuration alone, so that the checkers and
// the players read lines across the edges the same way.

// Wrap returns the board cell that (row, col) stands for on a torus: both
// coordinates taken modulo the board's size, so (-1, Cols) is (Rows-1, 0).
// Any int may be given. On other boards, and for a configuration without
// valid bounds, it returns (row, col) unchanged. A step along a line from
// (r, c) in direction (dr, dc) lands on Wrap(r+dr, c+dc).
func (c Config) Wrap(row, col int) (int, int) {
	if !c.wraps() {
		return row, col
	}
	return mod(row, c.Rows), mod(col, c.Cols)
}

// Cycle is the number of distinct cells on the line through any cell in
// direction (dr, dc) on a torus, the line's length: Cols along a row
// (0, 1), Rows down a column (1, 0), lcm(Rows, Cols) along either
// diagonal. A line of a torus is a cycle, so a walk along it comes back to
// its start after Cycle steps and a run on it is never longer. It is 0
// when the board is not a torus (lines do not come back), or has no valid
// bounds.
func (c Config) Cycle(dr, dc int) int {
	if !c.wraps() {
		return 0
	}
	// The row comes back after Rows/gcd(Rows, |dr|) steps, the column
	// after Cols/gcd(Cols, |dc|); the cell after both.
	return lcm(c.Rows/gcd(c.Rows, abs(dr)), c.Cols/gcd(c.Cols, abs(dc)))
}

// wraps reports whether c is a torus with bounds to wrap around.
func (c Config) wraps() bool { return c.Torus && c.Rows > 0 && c.Cols > 0 }

// mod is x modulo m in 0..m-1, for m > 0.
func mod(x, m int) int {
	x %= m
	if x < 0 {
		x += m
	}
	return x
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// lcm of two positive sides of at most 2^31 fits an int: below 2^62.
func lcm(a, b int) int { return a / gcd(a, b) * b }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
