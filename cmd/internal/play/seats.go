package play

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// humanSeat is the seat name of a person at the keyboard.
const humanSeat = gamecli.Human

// Seat is who plays one player's moves.
type Seat struct {
	Name string          // humanSeat or the bot's name
	Bot  engine.Strategy // nil for a person
}

func (s Seat) Human() bool { return s.Bot == nil }

// seatNames lists the names a seat may take.
func seatNames() []string { return append([]string{humanSeat}, player.Names()...) }

// DefaultSeats is a person against the strongest bot that plays cfg, or
// against as many of them as the other players need.
func DefaultSeats(cfg engine.Config) []string {
	names := []string{humanSeat}
	for range cfg.Players - 1 {
		names = append(names, player.Strongest(cfg))
	}
	return names
}

// ParseSeats reads a comma-separated list of seat names, one per player
// of cfg.
func ParseSeats(spec string, cfg engine.Config) ([]string, error) {
	players := cfg.Players
	names := strings.Split(spec, ",")
	for i, n := range names {
		names[i] = strings.ToLower(strings.TrimSpace(n))
	}
	if len(names) != players {
		return nil, fmt.Errorf("%d seats for %d players: give one name per player, e.g. --seats %s", len(names), players, strings.Join(DefaultSeats(cfg), ","))
	}
	return names, nil
}

// MakeSeats creates the seats for a game configured like cfg; bots get
// seeds seed, seed+1, ... in seat order, so a game repeats with the same
// seed (the search bot only when it is not stopped by its clock). think is
// the search bot's time per move; more are further options of the search
// bot (its threads, for example).
func MakeSeats(names []string, cfg engine.Config, seed uint64, think time.Duration, more ...player.SearchOption) ([]Seat, error) {
	if err := gamecli.CheckSeats(names, cfg); err != nil {
		return nil, err
	}
	seats := make([]Seat, len(names))
	for i, n := range names {
		if n == humanSeat {
			seats[i] = Seat{Name: n}
			continue
		}
		if !slices.Contains(player.Names(), n) {
			return nil, fmt.Errorf("unknown seat %q (want one of %s)", n, strings.Join(seatNames(), ", "))
		}
		bot, err := player.ByName(n, seed+uint64(i), append([]player.SearchOption{player.WithBudget(think)}, more...)...)
		if err != nil {
			return nil, err
		}
		seats[i] = Seat{Name: n, Bot: bot}
	}
	return seats, nil
}
