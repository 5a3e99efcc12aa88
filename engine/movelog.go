package engine

// moveLog is a list of moves kept compactly: the cells in a [cellLog], and
// the player stored only when it cannot be derived (in rotation the i-th
// move of a game is by player i mod P + 1).
type moveLog struct {
	cells   cellLog
	players stack[uint8] // empty when rotation is set
	// rotation is the number of players when each move's player follows
	// from its position, or 0 when players are stored.
	rotation int
}

func (l *moveLog) Len() int { return l.cells.Len() }

func (l *moveLog) push(m Move) {
	l.cells.push(int32(m.Row), int32(m.Col))
	if l.rotation == 0 {
		l.players.push(uint8(m.Player))
	}
}

// at returns the i-th move; 0 ≤ i < Len.
func (l *moveLog) at(i int) Move {
	row, col := l.cells.at(i)
	if l.rotation == 0 {
		return Move{Row: int(row), Col: int(col), Player: int(*l.players.at(i))}
	}
	return Move{Row: int(row), Col: int(col), Player: i%l.rotation + 1}
}

// last returns the latest move, and false when there is none.
func (l *moveLog) last() (Move, bool) {
	if l.Len() == 0 {
		return Move{}, false
	}
	return l.at(l.Len() - 1), true
}

// pop removes and returns the latest move; Len must be positive.
func (l *moveLog) pop() Move {
	m := l.at(l.Len() - 1)
	l.cells.pop()
	if l.rotation == 0 {
		l.players.pop()
	}
	return m
}

// reset empties the log.
func (l *moveLog) reset() {
	l.cells.reset()
	l.players.reset()
}

// moves returns the log's moves, oldest first.
func (l *moveLog) moves() []Move {
	ms := make([]Move, l.Len())
	for i := range ms {
		ms[i] = l.at(i)
	}
	return ms
}

// clone returns an independent copy.
func (l *moveLog) clone() moveLog {
	return moveLog{cells: l.cells.clone(), players: l.players.clone(), rotation: l.rotation}
}
