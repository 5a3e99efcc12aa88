package brain

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/player"
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
		return fmt.Errorf("brain: reading commands: %w", readErr)
	}
	return nil
}

// server is one brain's protocol state.
type server struct {
	opts    Options
	out     io.Writer
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
	// threads is INFO thread_num, bounded by player.MaxThreads; 0 when not sent.
	threads int

	board *boardInput // non-nil between BOARD and DONE

	// strategy is the latest strategy asked for a move, for YXHASHCLEAR.
	strategy engine.Strategy

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
	yx     bool   // YXBOARD: set the position without thinking
}

func newServer(out io.Writer, opts Options) *server {
	return &server{opts: opts.withDefaults(), out: out}
}

// send writes answer lines and flushes them.
func (s *server) send(lines ...string) {
	if s.werr != nil {
		return
	}
	if err := gomocup.WriteLines(s.out, lines...); err != nil {
		s.werr = fmt.Errorf("brain: writing answer: %w", err)
	}
}

// answer sends the deferred messages, then the answer.
func (s *server) answer(line string) {
	msgs := s.deferred
	s.deferred = nil
	for i, m := range msgs {
		msgs[i] = gomocup.Answer{Kind: gomocup.AnswerMessage, Text: m}.String()
	}
	s.send(append(msgs, line)...)
}

func (s *server) debug(format string, args ...any) {
	if s.opts.Debug {
		s.send(gomocup.Answer{Kind: gomocup.AnswerDebug, Text: fmt.Sprintf(format, args...)}.String())
	}
}

func (s *server) errorf(format string, args ...any) {
	s.answer(gomocup.Answer{Kind: gomocup.AnswerError, Text: fmt.Sprintf(format, args...)}.String())
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
	c, err := gomocup.ParseCommand(l.text)
	if err != nil {
		if c.Kind == gomocup.CmdInfo {
			s.deferred = append(s.deferred, "ignored "+l.text+": "+err.Error())
			return
		}
		s.errorf("%v", err)
		return
	}
	switch c.Kind {
	case gomocup.CmdUnknown:
		if gomocup.IsYixin(c.Word) {
			s.errorf("command %q is not supported", c.Word)
			return
		}
		s.answer(gomocup.Answer{Kind: gomocup.AnswerUnknown, Text: fmt.Sprintf("command %q is not supported", c.Word)}.String())
	case gomocup.CmdStart, gomocup.CmdRectStart:
		s.start(c)
	case gomocup.CmdRestart:
		if s.pos == nil {
			s.errorf("RESTART before START: no board to restart")
			return
		}
		s.pos = newPosition(s.pos.cols, s.pos.rows)
		s.newGame()
		s.answer(gomocup.Answer{Kind: gomocup.AnswerOK}.String())
	case gomocup.CmdInfo:
		s.info(c)
	case gomocup.CmdBegin:
		if !s.ready() {
			return
		}
		if len(s.pos.stones) > 0 {
			s.errorf("BEGIN needs an empty board; send RESTART or BOARD")
			return
		}
		s.move(ctx, l.at)
	case gomocup.CmdTurn:
		if !s.ready() {
			return
		}
		if err := s.pos.free(c.X, c.Y); err != nil {
			s.errorf("TURN %d,%d refused: %v", c.X, c.Y, err)
			return
		}
		s.pos.place(c.X, c.Y, gomocup.FieldOpponent)
		s.move(ctx, l.at)
	case gomocup.CmdBoard:
		if s.pos == nil {
			// Collect the lines anyway so they are not taken for commands.
			s.board = &boardInput{start: l.at, errMsg: "BOARD before START: no board; send START first"}
			return
		}
		s.board = &boardInput{start: l.at, pos: newPosition(s.pos.cols, s.pos.rows)}
	case gomocup.CmdYxBoard:
		if s.pos == nil {
			s.board = &boardInput{start: l.at, yx: true, errMsg: "YXBOARD before START: no board; send START first"}
			return
		}
		s.board = &boardInput{start: l.at, yx: true, pos: newPosition(s.pos.cols, s.pos.rows)}
	case gomocup.CmdYxShowForbid:
		s.showForbid()
	case gomocup.CmdYxHashClear:
		s.hashClear()
	case gomocup.CmdYxNBest:
		s.nbest(ctx, c.X, l.at)
	case gomocup.CmdDone:
		s.errorf("DONE without BOARD")
	case gomocup.CmdTakeback:
		if s.pos == nil {
			s.errorf("TAKEBACK before START: no board")
			return
		}
		if !s.pos.onBoard(c.X, c.Y) || !s.pos.remove(c.X, c.Y) {
			s.errorf("TAKEBACK %d,%d refused: no stone there", c.X, c.Y)
			return
		}
		s.answer(gomocup.Answer{Kind: gomocup.AnswerOK}.String())
	case gomocup.CmdPlay:
		if s.pos == nil {
			s.errorf("PLAY before START: no board")
			return
		}
		if err := s.pos.free(c.X, c.Y); err != nil {
			s.errorf("PLAY %d,%d refused: %v", c.X, c.Y, err)
			return
		}
		s.place(c.X, c.Y, gomocup.FieldOwn)
	case gomocup.CmdEnd:
		s.ended = true
	case gomocup.CmdAbout:
		s.answer(s.opts.About.String())
	case gomocup.CmdSwap2Board:
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

func (s *server) start(c gomocup.Command) {
	w, h := c.X, c.Y
	if w < minSide || h < minSide || w > s.opts.MaxSide || h > s.opts.MaxSide {
		s.errorf("unsupported board size %dx%d: each side must be %d..%d", w, h, minSide, s.opts.MaxSide)
		return
	}
	s.pos = newPosition(w, h)
	s.newGame()
	s.answer(gomocup.Answer{Kind: gomocup.AnswerOK}.String())
}

// newGame forgets what belongs to the previous game and puts the latest
// rule in force.
func (s *server) newGame() {
	s.clock.newGame()
	s.gameRule, s.ruleFixed = s.rule, false
}

func (s *server) info(c gomocup.Command) {
	n, err := gomocup.ParseInfoValue(c.Key, c.Value)
	switch c.Key {
	case gomocup.InfoTimeoutTurn, gomocup.InfoTimeoutMatch, gomocup.InfoTimeLeft, gomocup.InfoMaxMemory, gomocup.InfoRule, gomocup.InfoThreadNum:
		if err != nil {
			s.deferred = append(s.deferred, fmt.Sprintf("ignored INFO %s %s: %v", c.Key, c.Value, err))
			return
		}
	}
	ms := time.Duration(n) * time.Millisecond
	switch c.Key {
	case gomocup.InfoTimeoutTurn:
		s.clock.turn, s.clock.turnSet = ms, true
	case gomocup.InfoTimeoutMatch:
		s.clock.match = ms
	case gomocup.InfoTimeLeft:
		// May be negative once the brain has overrun.
		s.clock.setLeft(ms)
	case gomocup.InfoMaxMemory:
		s.setMemory(n)
	case gomocup.InfoRule:
		s.rule = int(n)
		if !s.ruleFixed {
			s.gameRule = int(n)
		}
	case gomocup.InfoThreadNum:
		s.threads = int(min(max(n, 1), player.MaxThreads))
		if n > player.MaxThreads {
			s.deferred = append(s.deferred, fmt.Sprintf("INFO thread_num %d: using %d threads, the most this brain runs", n, player.MaxThreads))
		}
	default:
		// game_type, evaluate, folder and keys from later protocol
		// versions: nothing to do, as the spec recommends.
	}
}

// unsupportedRule explains why the brain cannot play under the rule mask, or
// returns "". Bit 1 (exactly five), bit 2 (continuous game) and renju (4)
// are played; renju with exactly five (a rule that does not exist), caro
// (8) and bits no version of the spec defines are refused rather than
// played wrong.
func unsupportedRule(mask int) string {
	var names []string
	if mask&gomocup.RuleRenju != 0 && mask&gomocup.RuleExact != 0 {
		names = append(names, "renju (4) with exactly five (1)")
	}
	if mask&gomocup.RuleCaro != 0 {
		names = append(names, "caro (8)")
	}
	if rest := mask &^ 15; rest != 0 {
		names = append(names, fmt.Sprintf("unknown bits (%d)", rest))
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("rule %d is not supported: %s; this brain plays freestyle (0), exactly five (1), renju (4) and continuous games (2)",
		mask, strings.Join(names, ", "))
}

func (s *server) engineRule() engine.Rule {
	switch {
	case s.gameRule&gomocup.RuleRenju != 0:
		return engine.Renju
	case s.gameRule&gomocup.RuleExact != 0:
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
	if c, _ := gomocup.ParseCommand(l.text); c.Kind == gomocup.CmdEnd {
		s.board, s.ended = nil, true // nothing may be written after END
		return
	} else if c.Kind != gomocup.CmdUnknown {
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
	var st gomocup.Stone
	var err error
	if b.swap2 {
		if strings.Count(l.text, ",") != 1 {
			err = fmt.Errorf("a SWAP2BOARD line is x,y, got %q", l.text)
		} else {
			st.X, st.Y, err = gomocup.ParsePoint(l.text)
		}
		st.Field = swap2Colour(b.line)
	} else {
		st, err = gomocup.ParseStone(l.text)
	}
	if err == nil {
		err = b.pos.free(st.X, st.Y)
	}
	if err != nil {
		what := "BOARD"
		switch {
		case b.swap2:
			what = "SWAP2BOARD"
		case b.yx:
			what = "YXBOARD"
		}
		b.errMsg = fmt.Sprintf("%s stone %d refused: %v; position unchanged", what, b.line, err)
		return
	}
	b.pos.place(st.X, st.Y, st.Field)
}

func (s *server) boardDone(ctx context.Context, b *boardInput) {
	if b.errMsg != "" {
		s.errorf("%s", b.errMsg)
		return
	}
	// A whole new position: the latest rule applies.
	s.gameRule, s.ruleFixed = s.rule, false
	switch {
	case b.yx:
		s.pos = b.pos // set, not answered, as Yixin and Rapfi do
	case !s.ready():
	case b.swap2:
		s.swap2(ctx, b)
	default:
		s.pos = b.pos
		s.move(ctx, b.start)
	}
}
