package engine

// MoveAt returns the i-th move of the history (0 is the first) and true,
// or false when i is out of range. Unlike [Game.History] it copies
// nothing, so a strategy that keeps its own view of the board in step with
// the game can look at the moves it has not seen yet in O(1) each.
func (g *Game) MoveAt(i int) (Move, bool) {
	if i < 0 || i >= g.history.Len() {
		return Move{}, false
	}
	return g.history.at(i), true
}
