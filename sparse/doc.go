// Package sparse stores the marks of a k-in-a-row board whose extent may be
// bounded, astronomically large or unbounded.
//
// A [Board] keeps only the cells that hold a mark, so its memory grows with
// the number of marks placed and never with the area of the board. Rows and
// columns are signed 32-bit values: every cell from -2^31 to 2^31-1 on both
// axes is addressable, and a coordinate outside that range is refused with
// [ErrOutOfRange] rather than wrapped or truncated.
//
// # Bounds
//
// A board is unbounded unless it is given a rows × cols rectangle with
// [WithBounds]. Bounded boards put (0, 0) at the top-left corner, as the
// classic n × m interview board does, and refuse cells outside it with
// [ErrOffBoard].
//
// # Layouts
//
// The marks live in github.com/dolthub/swiss hash tables keyed by a packed
// coordinate. The default layout, [SwissTile], keys 8 × 8 tiles of one-byte
// cells by their packed tile coordinate and keeps a tile that holds a single
// mark as one small entry, so a move's neighbour reads stay within a tile
// or two and memory follows the marks whether they are clustered or
// scattered. [SwissCell] keeps one swiss entry per marked cell, and [GoMapCell] the
// same shape in Go's builtin map; both remain as references for tests and
// benchmarks. The hash tables are an implementation detail: no type of the
// underlying library appears in this package's API, so the store can change
// without touching callers.
//
// # Order
//
// Iteration with [Board.All] is in row-major order (rows ascending, then
// columns ascending) regardless of the layout, so anything printed or
// serialised from it is deterministic.
//
// A Board is not safe for concurrent use, not even for concurrent reads:
// [Board.BoundingBox] refreshes a cache lazily, and with the [SwissTile] layout
// every read ([Board.Get], [Board.Run], [Board.AxisRuns]) records what it
// looked up in a cache of tiles. Give each goroutine its own [Board.Clone].
package sparse
