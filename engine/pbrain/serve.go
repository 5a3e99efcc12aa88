package pbrain

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
)

// Serve speaks the Gomocup protocol: it reads the manager's commands from
// in and writes the brain's answers to out, flushing after each, until END,
// the end of the input (both return nil) or ctx is done (ctx.Err()). It
// fails only when the output cannot be written, the input cannot be read
// or opts has no strategy: bad commands are answered, never fatal.
//
// The reader stops at END but cannot interrupt a blocked Read; serve a
// process's standard input, or close in after Serve returns.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	if opts.NewStrategy == nil {
		return ErrNoStrategy
	}
	return newServer(out, opts).run(ctx, in)
}

// run serves until END, the end of the input or ctx is done.
func (s *server) run(ctx context.Context, in io.Reader) error {
	done := make(chan struct{})
	defer close(done)
	var readErr error
	lines := make(chan inputLine)
	go readLines(in, lines, done, &readErr)
	s.lines = lines
	for !s.ended {
		var l inputLine
		if len(s.pending) > 0 {
			l, s.pending = s.pending[0], s.pending[1:]
		} else if s.lines == nil {
			break
		} else {
			var ok bool
			select {
			case <-ctx.Done():
				return ctx.Err()
			case l, ok = <-s.lines:
				if !ok {
					s.lines = nil
					continue
				}
			}
		}
		s.handle(ctx, l)
		if s.werr != nil {
			return s.werr
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if s.lines == nil && readErr != nil {
		return fmt.Errorf("pbrain: reading commands: %w", readErr)
	}
	return nil
}

// server is one brain's protocol state.
type server struct {
	opts    Options
	out     *bufio.Writer
	werr    error
	lines   <-chan inputLine // nil once the input has ended
	pending []inputLine      // lines that arrived while thinking
	ended   bool

	pos   *position // nil before START
	clock clock
	// rule is the INFO rule bit mask last sent; gameRule the one the game
	// under way is played by. They differ once a move of the game has been
	// asked of the brain or played by it (ruleFixed) and a new rule
	// arrives: it waits for the next game.
	rule      int
	gameRule  int
	ruleFixed bool
	// deferred holds problems found in INFO commands; the manager does not
	// read answers to INFO, so they are reported before the next answer
	// (MESSAGE lines) or instead of the next move (ERROR, in problem).
	deferred []string
	problem  string

	board *boardInput // non-nil between BOARD and DONE

	// onMove, when set (by tests), sees every move the brain answers,
	// before it is placed.
	onMove func(x, y int, pos *position)
}

// boardInput collects the lines of a BOARD command.
type boardInput struct {
	start  time.Time
	pos    *position
	errMsg string // the first problem, reported at DONE
	line   int    // stones read so far
	swap2  bool   // SWAP2BOARD: stones are "x,y", black first
}

func newServer(out io.Writer, opts Options) *server {
	return &server{opts: opts.withDefaults(), out: bufio.NewWriter(out)}
}

// send writes answer lines and flushes them.
func (s *server) send(lines ...string) {
	if s.werr != nil {
		return
	}
	for _, l := range lines {
		if _, err := s.out.WriteString(oneLine(l) + "\n"); err != nil {
			s.werr = fmt.Errorf("pbrain: writing answer: %w", err)
			return
		}
	}
	if err := s.out.Flush(); err != nil {
		s.werr = fmt.Errorf("pbrain: writing answer: %w", err)
	}
}

// answer sends the deferred messages, then the answer.
func (s *server) answer(line string) {
	msgs := s.deferred
	s.deferred = nil
	for i, m := range msgs {
		msgs[i] = "MESSAGE " + m
	}
	s.send(append(msgs, line)...)
}

func (s *server) debug(format string, args ...any) {
	if s.opts.Debug {
		s.send("DEBUG " + fmt.Sprintf(format, args...))
	}
}

// oneLine keeps a message on one line, as the protocol requires.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(s)
}

func (s *server) errorf(format string, args ...any) {
	s.answer("ERROR " + fmt.Sprintf(format, args...))
}

func (s *server) handle(ctx context.Context, l inputLine) {
	if s.board != nil {
		s.boardLine(ctx, l)
		return
	}
	if l.tooLong {
		s.errorf("line longer than %d bytes ignored", maxLine)
		return
	}
	c, err := parseCommand(l.text)
	if err != nil {
		if c.kind == cmdInfo {
			s.deferred = append(s.deferred, "ignored "+l.text+": "+err.Error())
			return
		}
		s.errorf("%v", err)
		return
	}
	switch c.kind {
	case cmdUnknown:
		s.answer(fmt.Sprintf("UNKNOWN command %q is not supported", c.word))
	case cmdStart, cmdRectStart:
		s.start(c)
	case cmdRestart:
		if s.pos == nil {
			s.errorf("RESTART before START: no board to restart")
			return
		}
		s.pos = newPosition(s.pos.cols, s.pos.rows)
		s.newGame()
		s.answer("OK")
	case cmdInfo:
		s.info(c)
	case cmdBegin:
		if !s.ready() {
			return
		}
		if len(s.pos.stones) > 0 {
			s.errorf("BEGIN needs an empty board; send RESTART or BOARD")
			return
		}
		s.move(ctx, l.at)
	case cmdTurn:
		if !s.ready() {
			return
		}
		if err := s.pos.free(c.x, c.y); err != nil {
			s.errorf("TURN %d,%d refused: %v", c.x, c.y, err)
			return
		}
		s.pos.place(c.x, c.y, fieldOpp)
		s.move(ctx, l.at)
	case cmdBoard:
		if s.pos == nil {
			// Collect the lines anyway so they are not taken for commands.
			s.board = &boardInput{start: l.at, errMsg: "BOARD before START: no board; send START first"}
			return
		}
		s.board = &boardInput{start: l.at, pos: newPosition(s.pos.cols, s.pos.rows)}
	case cmdDone:
		s.errorf("DONE without BOARD")
	case cmdTakeback:
		if s.pos == nil {
			s.errorf("TAKEBACK before START: no board")
			return
		}
		if !s.pos.onBoard(c.x, c.y) || !s.pos.remove(c.x, c.y) {
			s.errorf("TAKEBACK %d,%d refused: no stone there", c.x, c.y)
			return
		}
		s.answer("OK")
	case cmdPlay:
		if s.pos == nil {
			s.errorf("PLAY before START: no board")
			return
		}
		if err := s.pos.free(c.x, c.y); err != nil {
			s.errorf("PLAY %d,%d refused: %v", c.x, c.y, err)
			return
		}
		s.place(c.x, c.y)
	case cmdEnd:
		s.ended = true
	case cmdAbout:
		s.answer(s.opts.About.line())
	case cmdSwap2Board:
		if s.pos == nil {
			s.board = &boardInput{start: l.at, swap2: true, errMsg: "SWAP2BOARD before START: no board; send START first"}
			return
		}
		s.board = &boardInput{start: l.at, swap2: true, pos: newPosition(s.pos.cols, s.pos.rows)}
	}
}

// ready checks that a move may be asked for, before anything changes.
func (s *server) ready() bool {
	if s.pos == nil {
		s.errorf("no board: send START first")
		return false
	}
	if msg := s.refusal(); msg != "" {
		s.errorf("%s", msg)
		return false
	}
	return true
}

func (s *server) start(c command) {
	w, h := c.x, c.y
	if w < minSide || h < minSide || w > s.opts.MaxSide || h > s.opts.MaxSide {
		s.errorf("unsupported board size %dx%d: each side must be %d..%d", w, h, minSide, s.opts.MaxSide)
		return
	}
	s.pos = newPosition(w, h)
	s.newGame()
	s.answer("OK")
}

// newGame forgets what belongs to the previous game and puts the latest
// rule in force.
func (s *server) newGame() {
	s.clock.newGame()
	s.gameRule, s.ruleFixed = s.rule, false
}

func (s *server) info(c command) {
	ms := func() (time.Duration, bool) {
		var n int
		neg := strings.HasPrefix(c.val, "-")
		n, err := parseNumber(strings.TrimPrefix(c.val, "-"))
		if err != nil {
			s.deferred = append(s.deferred, fmt.Sprintf("ignored INFO %s %s: %v", c.key, c.val, err))
			return 0, false
		}
		if neg {
			n = -n
		}
		return time.Duration(n) * time.Millisecond, true
	}
	switch c.key {
	case "timeout_turn":
		if d, ok := ms(); ok && d >= 0 {
			s.clock.turn, s.clock.turnSet = d, true
		}
	case "timeout_match":
		if d, ok := ms(); ok && d >= 0 {
			s.clock.match = d
		}
	case "time_left":
		// May be negative once the brain has overrun.
		if d, ok := ms(); ok {
			s.clock.setLeft(d)
		}
	case "max_memory":
		n, err := parseNumber(c.val)
		if err != nil {
			s.deferred = append(s.deferred, fmt.Sprintf("ignored INFO max_memory %s: %v", c.val, err))
			return
		}
		s.setMemory(int64(n))
	case "rule":
		n, err := parseNumber(c.val)
		if err != nil {
			s.deferred = append(s.deferred, fmt.Sprintf("ignored INFO rule %s: %v", c.val, err))
			return
		}
		s.rule = n
		if !s.ruleFixed {
			s.gameRule = n
		}
	default:
		// game_type, evaluate, folder and keys from later protocol
		// versions: nothing to do, as the spec recommends.
	}
}

// unsupportedRule explains why the brain cannot play under the rule mask, or
// returns "". Bit 1 (exactly five) and bit 2 (continuous game) are played;
// renju (4), caro (8) and bits no version of the spec defines are refused
// rather than played wrong.
func unsupportedRule(mask int) string {
	var names []string
	if mask&4 != 0 {
		names = append(names, "renju (4)")
	}
	if mask&8 != 0 {
		names = append(names, "caro (8)")
	}
	if rest := mask &^ 15; rest != 0 {
		names = append(names, fmt.Sprintf("unknown bits (%d)", rest))
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("rule %d is not supported: %s; this brain plays freestyle (0), exactly five (1) and continuous games (2)",
		mask, strings.Join(names, ", "))
}

func (s *server) engineRule() engine.Rule {
	if s.gameRule&1 != 0 {
		return engine.Exact
	}
	return engine.Freestyle
}

// boardLine handles a line between BOARD (or SWAP2BOARD) and DONE.
func (s *server) boardLine(ctx context.Context, l inputLine) {
	b := s.board
	if l.tooLong {
		if b.errMsg == "" {
			b.errMsg = fmt.Sprintf("BOARD line longer than %d bytes", maxLine)
		}
		return
	}
	word, _, _ := strings.Cut(strings.TrimSpace(l.text), " ")
	if strings.EqualFold(word, "DONE") {
		s.board = nil
		s.boardDone(ctx, b)
		return
	}
	if c, _ := parseCommand(l.text); c.kind == cmdEnd {
		s.board, s.ended = nil, true // nothing may be written after END
		return
	} else if c.kind != cmdUnknown {
		// A command where stones were expected: the manager gave up on
		// this BOARD. Say so, then obey the command.
		s.board = nil
		s.errorf("BOARD interrupted by %q before DONE; position unchanged", word)
		s.handle(ctx, l)
		return
	}
	if b.pos == nil || b.errMsg != "" {
		return // already failed: skip to DONE
	}
	b.line++
	var x, y int
	var f field
	var err error
	if b.swap2 {
		if strings.Count(l.text, ",") != 1 {
			err = fmt.Errorf("a SWAP2BOARD line is x,y, got %q", l.text)
		} else {
			x, y, err = parsePair(l.text)
		}
		f = swap2Colour(b.line)
	} else {
		x, y, f, err = parseBoardLine(l.text)
	}
	if err == nil {
		err = b.pos.free(x, y)
	}
	if err != nil {
		what := "BOARD"
		if b.swap2 {
			what = "SWAP2BOARD"
		}
		b.errMsg = fmt.Sprintf("%s stone %d refused: %v; position unchanged", what, b.line, err)
		return
	}
	b.pos.place(x, y, f)
}

func (s *server) boardDone(ctx context.Context, b *boardInput) {
	if b.errMsg != "" {
		s.errorf("%s", b.errMsg)
		return
	}
	// A whole new position: the latest rule applies.
	s.gameRule, s.ruleFixed = s.rule, false
	switch {
	case !s.ready():
	case b.swap2:
		s.swap2(ctx, b)
	default:
		s.pos = b.pos
		s.move(ctx, b.start)
	}
}
