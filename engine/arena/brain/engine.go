package brain

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// maxLine bounds an answer line; longer ones are garbage.
const maxLine = 64 << 10

// stderrKeep is how much of the engine's standard error is kept.
const stderrKeep = 2048

// Options tune an [Engine].
type Options struct {
	// Name labels the engine in errors and the log.
	Name string
	// Log, when set, sees every line sent (in true) and received (in
	// false). It is called from several goroutines, never at once.
	Log func(name string, in bool, line string)
}

// Engine is a running engine process. Its methods are for one goroutine
// at a time.
type Engine struct {
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
	dead    bool  // the output ended or the engine was killed
	killed  bool
	stdout  *os.File
}

// Start runs the engine. It is in its own directory and process group;
// its standard error is kept for reports, not shown.
func Start(c Command, opts Options) (*Engine, error) {
	cmd := exec.Command(c.Path, c.Args...)
	cmd.Dir = filepath.Dir(c.Path)
	setProcAttr(cmd)
	// The pipes close with the process, but a grandchild may hold them:
	// never wait for them longer than this after the engine exited.
	cmd.WaitDelay = time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrCommand, opts.Name, err)
	}
	// The output is a plain pipe read by our own goroutine, so that Wait
	// never races with reading the last answers.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrCommand, opts.Name, err)
	}
	cmd.Stdout = pw
	e := &Engine{
		name: opts.Name, cmd: cmd, stdin: stdin, stdout: pr,
		lines: make(chan string, 16), exited: make(chan struct{}), quit: make(chan struct{}),
		stderr: &tail{}, log: opts.Log, logMu: &sync.Mutex{},
	}
	cmd.Stderr = e.stderr
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, fmt.Errorf("%w: %s: %w", ErrCommand, opts.Name, err)
	}
	pw.Close()
	go e.read(pr)
	go func() {
		e.waitErr = cmd.Wait()
		close(e.exited)
	}()
	return e, nil
}

// Name is the engine's label.
func (e *Engine) Name() string { return e.name }

// SetName changes the label, e.g. to the name the engine gave in ABOUT.
func (e *Engine) SetName(name string) { e.name = name }

// Pid is the engine's process id (and process group id on Unix).
func (e *Engine) Pid() int { return e.cmd.Process.Pid }

func (e *Engine) logLine(in bool, line string) {
	if e.log != nil {
		e.logMu.Lock()
		e.log(e.name, in, line)
		e.logMu.Unlock()
	}
}

// read passes the engine's output on line by line until it ends.
func (e *Engine) read(r io.ReadCloser) {
	defer close(e.lines)
	defer r.Close()
	br := bufio.NewReaderSize(r, 4096)
	for {
		line, err := readLine(br)
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

// errLongLine is reported as garbage.
var errLongLine = fmt.Errorf("a line longer than %d bytes", maxLine)

// readLine reads one line without its CR LF, LF or CR LF ending.
func readLine(br *bufio.Reader) (string, error) {
	var sb strings.Builder
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			return "", err
		}
		if sb.Len()+len(chunk) > maxLine {
			return "", errLongLine
		}
		sb.Write(chunk)
		if !isPrefix {
			return strings.TrimRight(sb.String(), "\r"), nil
		}
	}
}

// Send writes command lines. A failed write means the engine is gone.
func (e *Engine) Send(lines ...string) error {
	var sb strings.Builder
	for _, l := range lines {
		e.logLine(true, l)
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	if _, err := io.WriteString(e.stdin, sb.String()); err != nil {
		return e.crashed(fmt.Sprintf("writing %q: %v", lines[0], err))
	}
	return nil
}

// crashed builds the error for an engine whose pipes are gone, with how it
// exited and the end of its standard error.
func (e *Engine) crashed(what string) error {
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

// answer is one classified line.
type answer struct {
	line string
	kind answerKind
}

type answerKind uint8

const (
	answerOther answerKind = iota
	answerMessage
	answerRefusal
	answerOK
)

func classify(line string) answerKind {
	word, _, _ := strings.Cut(strings.TrimSpace(line), " ")
	switch strings.ToUpper(word) {
	case "MESSAGE", "DEBUG":
		return answerMessage
	case "ERROR", "UNKNOWN":
		return answerRefusal
	case "OK":
		return answerOK
	}
	return answerOther
}

// next returns the next line that is not a MESSAGE or DEBUG, or an error
// when the deadline passes, ctx ends or the output ends.
func (e *Engine) next(ctx context.Context, deadline time.Time) (answer, error) {
	if e.dead {
		return answer{}, fmt.Errorf("%w: %s: already stopped", ErrCrashed, e.name)
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				if errors.Is(e.readErr, errLongLine) {
					e.dead = true
					return answer{}, fmt.Errorf("%w: %s: %w", ErrGarbage, e.name, errLongLine)
				}
				return answer{}, e.crashed("output ended")
			}
			e.logLine(false, line)
			k := classify(line)
			if k == answerMessage {
				continue
			}
			return answer{line: line, kind: k}, nil
		case <-timer.C:
			return answer{}, fmt.Errorf("%w: %s", ErrTimeout, e.name)
		case <-ctx.Done():
			return answer{}, ctx.Err()
		}
	}
}

// expectOK waits for OK, the answer to START, RECTSTART and RESTART.
func (e *Engine) expectOK(ctx context.Context, deadline time.Time, what string) error {
	a, err := e.next(ctx, deadline)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	switch a.kind {
	case answerOK:
		return nil
	case answerRefusal:
		return fmt.Errorf("%w: %s: %s answered %q", ErrRefused, e.name, what, a.line)
	}
	return fmt.Errorf("%w: %s: %s answered %q, want OK", ErrGarbage, e.name, what, a.line)
}

// NewGame sends START size (or RECTSTART width,height for a rectangle) and
// waits for OK.
func (e *Engine) NewGame(ctx context.Context, width, height int, deadline time.Time) error {
	cmd := fmt.Sprintf("START %d", width)
	if width != height {
		cmd = fmt.Sprintf("RECTSTART %d,%d", width, height)
	}
	if err := e.Send(cmd); err != nil {
		return err
	}
	return e.expectOK(ctx, deadline, cmd)
}

// Restart sends RESTART and waits for OK. Any other answer is an error:
// the caller should start a fresh process.
func (e *Engine) Restart(ctx context.Context, deadline time.Time) error {
	if err := e.Send("RESTART"); err != nil {
		return err
	}
	return e.expectOK(ctx, deadline, "RESTART")
}

// About asks for the engine's ABOUT line and returns its fields (name,
// version, author, country, www, email; whichever the engine gives).
func (e *Engine) About(ctx context.Context, deadline time.Time) (map[string]string, error) {
	if err := e.Send("ABOUT"); err != nil {
		return nil, err
	}
	a, err := e.next(ctx, deadline)
	if err != nil {
		return nil, fmt.Errorf("ABOUT: %w", err)
	}
	if a.kind == answerRefusal {
		return nil, fmt.Errorf("%w: %s: ABOUT answered %q", ErrRefused, e.name, a.line)
	}
	return ParseAbout(a.line), nil
}

// ParseAbout reads key="value" pairs separated by commas, as in
// name="pela", version="1.0". Unquoted values run to the next comma.
func ParseAbout(line string) map[string]string {
	out := map[string]string{}
	for s := strings.TrimSpace(line); s != ""; {
		key, rest, ok := strings.Cut(s, "=")
		if !ok {
			break
		}
		key = strings.ToLower(strings.TrimSpace(key))
		rest = strings.TrimLeft(rest, " ")
		var val string
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				val, rest = rest[1:], ""
			} else {
				val, rest = rest[1:1+end], rest[2+end:]
			}
			_, rest, _ = strings.Cut(rest, ",")
		} else {
			val, rest, _ = strings.Cut(rest, ",")
		}
		if key != "" {
			out[key] = strings.TrimSpace(val)
		}
		s = strings.TrimSpace(rest)
	}
	return out
}

// Move sends the request lines (BEGIN, TURN x,y, or BOARD ... DONE, with
// any INFO before them) and waits until deadline for the engine's move,
// "x,y". It returns the move and the time from the end of the request to
// the answer.
func (e *Engine) Move(ctx context.Context, request []string, deadline time.Time) (x, y int, took time.Duration, err error) {
	if err := e.Send(request...); err != nil {
		return 0, 0, 0, err
	}
	start := time.Now()
	a, err := e.next(ctx, deadline)
	took = time.Since(start)
	if err != nil {
		return 0, 0, took, err
	}
	what := request[len(request)-1]
	if what == "DONE" {
		what = "BOARD"
	}
	switch a.kind {
	case answerRefusal:
		return 0, 0, took, fmt.Errorf("%w: %s: %s answered %q", ErrRefused, e.name, what, a.line)
	case answerOther:
		if x, y, ok := parseMove(a.line); ok {
			return x, y, took, nil
		}
	}
	return 0, 0, took, fmt.Errorf("%w: %s: %s answered %q, want a move x,y", ErrGarbage, e.name, what, a.line)
}

// parseMove reads "x,y" with optional spaces; the numbers may be anything
// an int holds (the caller checks the board).
func parseMove(s string) (int, int, bool) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, false
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	return x, y, err1 == nil && err2 == nil
}

// Kill kills the engine's process group at once and reaps the process.
func (e *Engine) Kill() {
	if !e.killed {
		e.killed, e.dead = true, true
		close(e.quit)
		killGroup(e.cmd)
	}
	e.reap()
}

// Close ends the engine: END, then up to grace for it to exit, then the
// process group is killed and the process reaped. It returns once the
// process is gone.
func (e *Engine) Close(grace time.Duration) {
	if !e.dead {
		_ = e.Send("END")
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
func (e *Engine) reap() {
	<-e.exited
	_ = e.stdout.Close()
}

// Exited reports whether the process has ended.
func (e *Engine) Exited() bool {
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
