package main_test

import (
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

// binary builds pbrain-gomoku once per test run into a temporary directory.
func binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := makeTempDir()
		if err != nil {
			buildErr = err
			return
		}
		buildDir = dir
		binPath = filepath.Join(dir, "pbrain-gomoku")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return binPath
}

// brain is a running pbrain-gomoku process driven as a manager drives it.
type brain struct {
	t     testing.TB
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startBrain(t testing.TB, args ...string) *brain {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	b := &brain{t: t, cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		defer close(b.lines)
		r := gomocup.NewReader(out, 1<<16)
		for {
			l, err := r.ReadLine()
			if err != nil {
				return
			}
			b.lines <- l
		}
	}()
	t.Cleanup(func() {
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return b
}

// send writes one command with the CR LF a manager uses.
func (b *brain) send(cmd string) {
	b.t.Helper()
	_, err := io.WriteString(b.in, cmd+"\r\n")
	require.NoError(b.t, err)
}

// read returns the next line, or "" after the timeout.
func (b *brain) read(timeout time.Duration) (string, bool) {
	select {
	case l, ok := <-b.lines:
		return l, ok
	case <-time.After(timeout):
		return "", false
	}
}

// answer sends cmd and returns the first line that is not MESSAGE or DEBUG,
// with how long it took to arrive.
func (b *brain) answer(cmd string) (string, time.Duration) {
	b.t.Helper()
	start := time.Now()
	b.send(cmd)
	for {
		l, ok := b.read(30 * time.Second)
		require.True(b.t, ok, "no answer to %q", cmd)
		if k := gomocup.ParseAnswer(l).Kind; k != gomocup.AnswerMessage && k != gomocup.AnswerDebug {
			return l, time.Since(start)
		}
	}
}

// stop sends END and waits for the process to exit.
func (b *brain) stop() error {
	b.send("END")
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		return fmt.Errorf("brain still running 5 s after END")
	}
}

func parseXY(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, fmt.Errorf("not a move: %q", s)
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("not a move: %q", s)
	}
	return x, y, nil
}

// selfPlay plays one game between two brains as a manager would (BEGIN to
// the first, then TURN with the other's move), refereed by the engine. It
// returns the finished game and every answer's latency.
func selfPlay(t testing.TB, size int, black, white *brain) (*engine.Game, []time.Duration) {
	t.Helper()
	g, err := engine.New(engine.WithBounds(size, size))
	require.NoError(t, err)
	var lat []time.Duration
	seats := [2]*brain{black, white}
	cmd := "BEGIN"
	for turn := 0; g.Status() == engine.Ongoing; turn++ {
		ans, d := seats[turn%2].answer(cmd)
		lat = append(lat, d)
		x, y, err := parseXY(ans)
		require.NoError(t, err, "move %d", g.Len()+1)
		_, err = g.Play(y, x)
		require.NoError(t, err, "move %d: %s", g.Len()+1, ans)
		cmd = fmt.Sprintf("TURN %d,%d", x, y)
	}
	return g, lat
}
