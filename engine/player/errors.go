package player

import "errors"

var (
	// ErrGameOver: Choose was asked for a move in a game that has ended.
	ErrGameOver = errors.New("player: game is over")
	// ErrBadPlayer: Choose was asked for a player the game does not have.
	ErrBadPlayer = errors.New("player: player number out of range")
	// ErrNotYourTurn: a look-ahead strategy was asked to move for a player
	// other than the one in turn in a game with enforced rotation.
	ErrNotYourTurn = errors.New("player: not this player's turn")
	// ErrScriptExhausted: a [Scripted] player has no cells left.
	ErrScriptExhausted = errors.New("player: script exhausted")
	// ErrScriptIllegal: a [Scripted] player's next cell cannot be played.
	ErrScriptIllegal = errors.New("player: scripted cell cannot be played")
	// ErrUnknown: [ByName] does not know the name.
	ErrUnknown = errors.New("player: unknown strategy")
	// ErrUnsupported: the strategy does not play games configured like
	// this one (see [Supports]).
	ErrUnsupported = errors.New("player: strategy does not play this game")
)
