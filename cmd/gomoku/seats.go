package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
)

// humanSeat is the seat name of a person at the keyboard.
const humanSeat = "human"

// seat is who plays one player's moves.
type seat struct {
	name string          // humanSeat or the bot's name
	bot  engine.Strategy // nil for a person
}

func (s seat) human() bool { return s.bot == nil }

// seatNames lists the names a seat may take.
func seatNames() []string { return append([]string{humanSeat}, botNames()...) }

// defaultSeats is a person against the strongest bot, or against as many
// of them as the other players need.
func defaultSeats(players int) []string {
	names := []string{humanSeat}
	for range players - 1 {
		names = append(names, strongestBot())
	}
	return names
}

// parseSeats reads a comma-separated list of seat names, one per player.
func parseSeats(spec string, players int) ([]string, error) {
	names := strings.Split(spec, ",")
	for i, n := range names {
		names[i] = strings.ToLower(strings.TrimSpace(n))
	}
	if len(names) != players {
		return nil, fmt.Errorf("%d seats for %d players: give one name per player, e.g. --seats %s", len(names), players, strings.Join(defaultSeats(players), ","))
	}
	return names, nil
}

// makeSeats creates the seats; bots get seeds seed, seed+1, ... in seat
// order, so a game repeats with the same seed (the search bot only when it
// is not stopped by its clock). think is the search bot's time per move.
func makeSeats(names []string, seed uint64, think time.Duration) ([]seat, error) {
	seats := make([]seat, len(names))
	for i, n := range names {
		if n == humanSeat {
			seats[i] = seat{name: n}
			continue
		}
		if !slices.Contains(botNames(), n) {
			return nil, fmt.Errorf("unknown seat %q (want one of %s)", n, strings.Join(seatNames(), ", "))
		}
		bot, err := newBot(n, seed+uint64(i), think)
		if err != nil {
			return nil, err
		}
		seats[i] = seat{name: n, bot: bot}
	}
	return seats, nil
}

// strongestBot names the strongest bot available.
func strongestBot() string {
	names := botNames()
	for _, n := range []string{"search", "greedy", "random"} {
		if slices.Contains(names, n) {
			return n
		}
	}
	return names[0]
}
