package tui

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomoku-engine/gomoku/sparse"
)

// A bot thinks in the background, on its own copy of the game, so that the
// screen keeps drawing (a spinner and the time so far) and every key keeps
// working. At most one search runs at a time: a bot is not safe for two
// searches at once, so when a person changes the game while a bot thinks
// (undo, load), the search is cancelled and its answer, when it comes, is
// dropped before the next search starts.

// spinInterval is how often the spinner turns.
const spinInterval = 100 * time.Millisecond

// spinner is the thinking bot's animation.
var spinner = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// botJob is one search of a bot.
type botJob struct {
	player  int
	started time.Time
	cancel  context.CancelFunc
	stale   bool // the game changed since it started: its answer is dropped
}

// botDone carries a bot's answer back to the screen.
type botDone struct {
	job  *botJob
	cell sparse.Cell
	err  error
}

// spinTick turns the spinner while job runs.
type spinTick struct{ job *botJob }

// startBot starts the search of the bot in turn, unless a person is to
// play, the game is over, or a search is still running (its answer starts
// the next).
func (m *screen) startBot() tea.Cmd {
	if m.bot != nil || m.end != endNone {
		return nil
	}
	if _, over := m.s.Outcome(); over {
		return nil
	}
	p := m.s.Game.Turn()
	st := m.s.Seats[p-1]
	if st.Human() {
		return nil
	}
	ctx, cancel := context.WithCancel(m.ctx)
	job := &botJob{player: p, started: m.now(), cancel: cancel}
	m.bot = job
	g := m.s.Game.Clone()
	search := func() tea.Msg {
		cell, err := st.Bot.Choose(ctx, g, p)
		return botDone{job: job, cell: cell, err: err}
	}
	return tea.Batch(search, m.spinLater(job))
}

func (m *screen) spinLater(job *botJob) tea.Cmd {
	return tea.Tick(m.spinEvery, func(time.Time) tea.Msg { return spinTick{job} })
}

// stopBot cancels the running search, if any.
func (m *screen) stopBot() {
	if m.bot != nil {
		m.bot.stale = true
		m.bot.cancel()
	}
}

// botDone plays the bot's answer, or drops it when the game changed.
func (m *screen) botDone(d botDone) tea.Cmd {
	d.job.cancel()
	if d.job != m.bot {
		return nil
	}
	m.bot = nil
	switch {
	case d.job.stale:
		return m.startBot()
	case d.err != nil && m.ctx.Err() != nil:
		return m.quit(endInterrupted)
	case d.err != nil:
		m.err = fmt.Errorf("bot %s (player %d) failed: %w", m.s.Seats[d.job.player-1].Name, d.job.player, d.err)
		return m.quit(endFailed)
	}
	msg, err := m.s.PlayBot(d.job.player, d.cell)
	if err != nil {
		m.err = err
		return m.quit(endFailed)
	}
	m.say(false, "%s.", msg)
	return m.moved()
}

// spinTick turns the spinner while the search it belongs to runs.
func (m *screen) spinTick(t spinTick) tea.Cmd {
	if t.job != m.bot || t.job.stale {
		return nil
	}
	m.spin++
	return m.spinLater(t.job)
}

// thinking describes the running search for the status line, e.g.
// "⠹ thinking 1.4s".
func (m *screen) thinking() string {
	if m.bot == nil || m.bot.stale {
		return ""
	}
	elapsed := m.now().Sub(m.bot.started)
	return fmt.Sprintf("%s thinking %.1fs", spinner[m.spin%len(spinner)], elapsed.Seconds())
}
