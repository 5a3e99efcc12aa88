package player

import "errors"

var (
	// ErrScriptExhausted: a [Scripted] player has no cells left.
	ErrScriptExhausted = errors.New("player: script exhausted")
	// ErrScriptIllegal: a [Scripted] player's next cell cannot be played.
	ErrScriptIllegal = errors.New("player: scripted cell cannot be played")
	// ErrUnknown: [ByName] does not know the name.
	ErrUnknown = errors.New("player: unknown strategy")
	// ErrUnsupported: the strategy does not play games configured like
	// this one (see [Supports]).
	ErrUnsupported = errors.New("player: strategy does not play this game")
	// ErrAllExcluded: [Search.ChooseExcept] was asked to leave out every
	// cell the player may mark.
	ErrAllExcluded = errors.New("player: every cell the player may mark is excluded")
)
