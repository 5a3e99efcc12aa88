package engine

import (
	"slices"

	"github.com/gomoku-engine/gomoku/sparse"
)

// logChunk is the number of moves in each full chunk of a [moveLog].
const logChunk = 1 << 14

// moveLog is a list of moves kept compactly: each cell packed into 8
// bytes, and the player stored only when it cannot be derived (in rotation
// the i-th move of a game is by player i mod P + 1). It grows in chunks of
// logChunk moves, so that a long game never copies its history nor holds
// an old and a new array at once; the first chunk grows by appending, so
// a short game costs no more than a slice. The last chunk emptied by pop
// is kept, so playing and undoing across a chunk boundary does not
// allocate.
type moveLog struct {
	cells   [][]uint64
	players [][]uint8 // nil when rotation is set
	// rotation is the number of players when each move's player follows
	// from its position, or 0 when players are stored.
	rotation int
	n        int
}

func (l *moveLog) Len() int { return l.n }

func (l *moveLog) push(m Move) {
	c, i := l.n/logChunk, l.n%logChunk
	if i == 0 && c > 0 || l.n == 0 && len(l.cells) == 0 {
		l.cells = grow(l.cells, c)
		if l.rotation == 0 {
			l.players = grow(l.players, c)
		}
	}
	l.cells[c] = append(l.cells[c], sparse.Pack(m.Row, m.Col))
	if l.rotation == 0 {
		l.players[c] = append(l.players[c], uint8(m.Player))
	}
	l.n++
}

// grow makes chunks[c] usable: it reuses a chunk kept by pop, and gives a
// chunk after the first its full capacity at once.
func grow[T any](chunks [][]T, c int) [][]T {
	if c < cap(chunks) {
		chunks = chunks[:c+1]
	} else {
		chunks = append(chunks, nil)
	}
	if c > 0 && cap(chunks[c]) == 0 {
		chunks[c] = make([]T, 0, logChunk)
	}
	return chunks
}

// at returns the i-th move; 0 ≤ i < Len.
func (l *moveLog) at(i int) Move {
	c, j := i/logChunk, i%logChunk
	row, col := sparse.Unpack(l.cells[c][j])
	p := i%max(l.rotation, 1) + 1
	if l.rotation == 0 {
		p = int(l.players[c][j])
	}
	return Move{Row: row, Col: col, Player: p}
}

// last returns the latest move, and false when there is none.
func (l *moveLog) last() (Move, bool) {
	if l.n == 0 {
		return Move{}, false
	}
	return l.at(l.n - 1), true
}

// pop removes and returns the latest move; Len must be positive.
func (l *moveLog) pop() Move {
	m := l.at(l.n - 1)
	l.n--
	c := l.n / logChunk
	l.cells[c] = l.cells[c][:l.n%logChunk]
	if l.rotation == 0 {
		l.players[c] = l.players[c][:l.n%logChunk]
	}
	if l.n%logChunk == 0 && c > 0 {
		l.cells = l.cells[:c]
		if l.rotation == 0 {
			l.players = l.players[:c]
		}
	}
	return m
}

// reset empties the log, keeping its first chunk only.
func (l *moveLog) reset() {
	if l.n == 0 {
		return
	}
	l.cells = truncate(l.cells)
	if l.rotation == 0 {
		l.players = truncate(l.players)
	}
	l.n = 0
}

func truncate[T any](chunks [][]T) [][]T {
	clear(chunks[1:cap(chunks)])
	chunks[0] = chunks[0][:0]
	return chunks[:1]
}

// moves returns the log's moves, oldest first.
func (l *moveLog) moves() []Move {
	ms := make([]Move, l.n)
	for i := range ms {
		ms[i] = l.at(i)
	}
	return ms
}

// clone returns an independent copy holding only the chunks in use.
func (l *moveLog) clone() moveLog {
	c := moveLog{rotation: l.rotation, n: l.n}
	used := (l.n + logChunk - 1) / logChunk
	c.cells = cloneChunks(l.cells[:min(used, len(l.cells))])
	if l.rotation == 0 {
		c.players = cloneChunks(l.players[:min(used, len(l.players))])
	}
	return c
}

func cloneChunks[T any](chunks [][]T) [][]T {
	out := make([][]T, len(chunks))
	for i, ch := range chunks {
		out[i] = slices.Clone(ch)
	}
	return out
}
