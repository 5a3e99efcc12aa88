package manager

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

// maxLine bounds an answer line; longer ones are garbage.
const maxLine = 64 << 10

// stderrKeep is how much of the brain's standard error is kept.
const stderrKeep = 2048

// Options tune a [Brain].
type Options struct {
	// Name labels the brain in errors and the log.
	Name string
	// Log, when set, sees every line sent (in true) and received (in
	// false). It is called from several goroutines, never at once.
	Log func(name string, in bool, line string)
}

// Brain is a running brain process. Its methods are for one goroutine at
// a time.
type Brain struct {
	name   string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string   // answers; closed when the output ends
	exited chan struct{} // closed once the process is reaped
	quit   chan struct{} // closed by Kill: the reader stops passing lines on
	stderr *tail
	log    func(string, bool, string)
	logMu  *sync.Mutex

	readErr error // why the output ended, valid once lines is closed
	waitErr error // the process's exit, valid once exited is closed
	dead    bool  // the output ended or the brain was killed
	killed  bool
	stdout  *os.File
}

// Start runs the brain. It is in its own directory and process group;
// its standard error is kept for reports, not shown.
func Start(c Program, opts Options) (*Brain, error) {
	cmd := exec.Command(c.Path, c.Args...)
	cmd.Dir = filepath.Dir(c.Path)
	setProcAttr(cmd)
	// The pipes close with the process, but a grandchild may hold them:
	// never wait for them longer than this after the brain exited.
	cmd.WaitDelay = time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrProgram, opts.Name, err)
	}
	// The output is a plain pipe read by our own goroutine, so that Wait
	// never races with reading the last answers.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrProgram, opts.Name, err)
	}
	cmd.Stdout = pw
	e := &Brain{
		name: opts.Name, cmd: cmd, stdin: stdin, stdout: pr,
		lines: make(chan string, 16), exited: make(chan struct{}), quit: make(chan struct{}),
		stderr: &tail{}, log: opts.Log, logMu: &sync.Mutex{},
	}
	cmd.Stderr = e.stderr
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, fmt.Errorf("%w: %s: %w", ErrProgram, opts.Name, err)
	}
	pw.Close()
	go e.read(pr)
	go func() {
		e.waitErr = cmd.Wait()
		close(e.exited)
	}()
	return e, nil
}

// Name is the brain's label.
func (e *Brain) Name() string { return e.name }

// SetName changes the label, e.g. to the name the brain gave in ABOUT.
func (e *Brain) SetName(name string) { e.name = name }

// Pid is the brain's process id (and process group id on Unix).
func (e *Brain) Pid() int { return e.cmd.Process.Pid }

func (e *Brain) logLine(in bool, line string) {
	if e.log != nil {
		e.logMu.Lock()
		e.log(e.name, in, line)
		e.logMu.Unlock()
	}
}

// read passes the brain's output on line by line until it ends or a line
// is too long.
func (e *Brain) read(r io.ReadCloser) {
	defer close(e.lines)
	defer r.Close()
	lr := gomocup.NewReader(r, maxLine)
	for {
		line, err := lr.ReadLine()
		if err != nil {
			e.readErr = err
			return
		}
		select {
		case e.lines <- line:
		case <-e.quit:
			return
		}
	}
}

// Send writes command lines. A failed write means the brain is gone.
func (e *Brain) Send(lines ...string) error {
	for _, l := range lines {
		e.logLine(true, l)
	}
	if err := gomocup.WriteLines(e.stdin, lines...); err != nil {
		return e.crashed(fmt.Sprintf("writing %q: %v", lines[0], err))
	}
	return nil
}

// crashed builds the error for a brain whose pipes are gone, with how it
// exited and the end of its standard error.
func (e *Brain) crashed(what string) error {
	e.dead = true
	msg := what
	select {
	case <-e.exited:
		if e.waitErr != nil {
			msg += "; " + e.waitErr.Error()
		} else {
			msg += "; exited"
		}
	case <-time.After(100 * time.Millisecond):
	}
	if s := e.stderr.String(); s != "" {
		msg += "; stderr: " + s
	}
	return fmt.Errorf("%w: %s: %s", ErrCrashed, e.name, msg)
}

// next returns the next line that is not a MESSAGE or DEBUG, and what it
// is, or an error when the deadline passes, ctx ends or the output ends.
func (e *Brain) next(ctx context.Context, deadline time.Time) (string, gomocup.Answer, error) {
	if e.dead {
		return "", gomocup.Answer{}, fmt.Errorf("%w: %s: already stopped", ErrCrashed, e.name)
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				if errors.Is(e.readErr, gomocup.ErrLineTooLong) {
					e.dead = true
					return "", gomocup.Answer{}, fmt.Errorf("%w: %s: %w", ErrGarbage, e.name, e.readErr)
				}
				return "", gomocup.Answer{}, e.crashed("output ended")
			}
			e.logLine(false, line)
			a := gomocup.ParseAnswer(line)
			if a.Kind == gomocup.AnswerMessage || a.Kind == gomocup.AnswerDebug {
				continue
			}
			return line, a, nil
		case <-timer.C:
			return "", gomocup.Answer{}, fmt.Errorf("%w: %s", ErrTimeout, e.name)
		case <-ctx.Done():
			return "", gomocup.Answer{}, ctx.Err()
		}
	}
}

// refusal reports whether a is ERROR or UNKNOWN.
func refusal(a gomocup.Answer) bool {
	return a.Kind == gomocup.AnswerError || a.Kind == gomocup.AnswerUnknown
}

// expectOK waits for OK, the answer to START, RECTSTART and RESTART.
func (e *Brain) expectOK(ctx context.Context, deadline time.Time, what string) error {
	line, a, err := e.next(ctx, deadline)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	switch {
	case a.Kind == gomocup.AnswerOK:
		return nil
	case refusal(a):
		return fmt.Errorf("%w: %s: %s answered %q", ErrRefused, e.name, what, line)
	}
	return fmt.Errorf("%w: %s: %s answered %q, want OK", ErrGarbage, e.name, what, line)
}

// NewGame sends START size (or RECTSTART width,height for a rectangle) and
// waits for OK.
func (e *Brain) NewGame(ctx context.Context, width, height int, deadline time.Time) error {
	cmd := gomocup.Command{Kind: gomocup.CmdStart, X: width, Y: height}
	if width != height {
		cmd.Kind = gomocup.CmdRectStart
	}
	if err := e.Send(cmd.String()); err != nil {
		return err
	}
	return e.expectOK(ctx, deadline, cmd.String())
}

// Restart sends RESTART and waits for OK. Any other answer is an error:
// the caller should start a fresh process.
func (e *Brain) Restart(ctx context.Context, deadline time.Time) error {
	if err := e.Send(gomocup.CmdRestart.String()); err != nil {
		return err
	}
	return e.expectOK(ctx, deadline, "RESTART")
}

// About asks for the brain's ABOUT line and returns its fields, whichever
// the brain gives.
func (e *Brain) About(ctx context.Context, deadline time.Time) (gomocup.About, error) {
	if err := e.Send(gomocup.CmdAbout.String()); err != nil {
		return gomocup.About{}, err
	}
	line, a, err := e.next(ctx, deadline)
	if err != nil {
		return gomocup.About{}, fmt.Errorf("ABOUT: %w", err)
	}
	if refusal(a) {
		return gomocup.About{}, fmt.Errorf("%w: %s: ABOUT answered %q", ErrRefused, e.name, line)
	}
	return gomocup.ParseAbout(line), nil
}

// Move sends the request lines (BEGIN, TURN x,y, or BOARD ... DONE, with
// any INFO before them) and waits until deadline for the brain's move,
// "x,y". It returns the move and the time from the end of the request to
// the answer.
func (e *Brain) Move(ctx context.Context, request []string, deadline time.Time) (x, y int, took time.Duration, err error) {
	if err := e.Send(request...); err != nil {
		return 0, 0, 0, err
	}
	start := time.Now()
	line, a, err := e.next(ctx, deadline)
	took = time.Since(start)
	if err != nil {
		return 0, 0, took, err
	}
	what := request[len(request)-1]
	if what == gomocup.CmdDone.String() {
		what = "BOARD"
	}
	switch {
	case refusal(a):
		return 0, 0, took, fmt.Errorf("%w: %s: %s answered %q", ErrRefused, e.name, what, line)
	case a.Kind == gomocup.AnswerMove:
		return a.X, a.Y, took, nil
	}
	return 0, 0, took, fmt.Errorf("%w: %s: %s answered %q, want a move x,y", ErrGarbage, e.name, what, line)
}

// Kill kills the brain's process group at once and reaps the process.
func (e *Brain) Kill() {
	if !e.killed {
		e.killed, e.dead = true, true
		close(e.quit)
		killGroup(e.cmd)
	}
	e.reap()
}

// Close ends the brain: END, then up to grace for it to exit, then the
// process group is killed and the process reaped. It returns once the
// process is gone.
func (e *Brain) Close(grace time.Duration) {
	if !e.dead {
		_ = e.Send(gomocup.CmdEnd.String())
		_ = e.stdin.Close()
		select {
		case <-e.exited:
		case <-time.After(grace):
		}
	}
	e.Kill()
}

// reap waits for the process; the output is closed too, in case a
// grandchild outside the group still holds its other end.
func (e *Brain) reap() {
	<-e.exited
	_ = e.stdout.Close()
}

// Exited reports whether the process has ended.
func (e *Brain) Exited() bool {
	select {
	case <-e.exited:
		return true
	default:
		return false
	}
}

// tail keeps the last bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - stderrKeep; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(string(t.buf)), " ")
}
