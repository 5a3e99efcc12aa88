package serve_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres/pgtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	gomokutest.Cleanup()
	os.Exit(code)
}

// process is a running "gomoku serve".
type process struct {
	t      *testing.T
	cmd    *exec.Cmd
	client *client
	exited chan error
	stderr *syncBuffer
}

// startBinary runs "gomoku serve" on db with any extra flags and waits
// until it listens.
func startBinary(t *testing.T, db string, extra ...string) *process {
	t.Helper()
	return startProgram(t, gomokutest.Binary(t), db, extra...)
}

// startProgram runs "serve" of the gomoku program at bin.
func startProgram(t *testing.T, bin, db string, extra ...string) *process {
	t.Helper()
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--log", "json",
		"--rate", "0", "--move-rate", "0", "--game-rate", "0", "--bot-budget", "100ms"}, extra...)
	cmd := exec.Command(bin, args...)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	p := &process{t: t, cmd: cmd, exited: make(chan error, 1), stderr: &syncBuffer{}}
	cmd.Stderr = p.stderr
	require.NoError(t, cmd.Start())
	lines := bufio.NewScanner(out)
	if !lines.Scan() {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("gomoku serve did not start: %s", p.stderr)
	}
	first := lines.Text()
	_, rest, ok := strings.Cut(first, "listening on ")
	require.True(t, ok, "first line: %q", first)
	base, _, _ := strings.Cut(rest, " ")
	go func() {
		for lines.Scan() {
		}
		p.exited <- cmd.Wait()
	}()
	p.client = newClient(t, base)
	t.Cleanup(func() { p.kill() })
	return p
}

// kill ends the process with SIGKILL, as a crash would.
func (p *process) kill() {
	if p.cmd.ProcessState == nil {
		p.cmd.Process.Signal(syscall.SIGKILL)
		<-p.exited
	}
}

func TestBinaryGames(t *testing.T) {
	p := startBinary(t, filepath.Join(t.TempDir(), "games.db"))
	t.Run("three players to a win", func(t *testing.T) { playThreeToWin(t, p.client) })
	t.Run("draw on a full board", func(t *testing.T) { playToDraw(t, p.client) })
	t.Run("with a bot", func(t *testing.T) { playWithBot(t, p.client) })
	t.Run("graceful shutdown", func(t *testing.T) {
		g := p.client.create(`{}`)
		p.client.mustMove(g.ID, g.token(1), 0, 0, 0)
		require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
		select {
		case err := <-p.exited:
			require.NoError(t, err, "exit status after SIGTERM; stderr: %s", p.stderr)
		case <-time.After(20 * time.Second):
			t.Fatal("no exit within 20s of SIGTERM")
		}
		assert.Contains(t, p.stderr.String(), `"msg":"stopped"`)
		assert.Contains(t, p.stderr.String(), `"msg":"request"`, "one log line per request")
		assert.NotContains(t, p.stderr.String(), g.token(1), "tokens are never logged")
		again := startBinary(t, p.cmd.Args[5])
		assert.Equal(t, []move{{0, 0, 1}}, again.client.state(g.ID).Moves)
	})
}

// spacedCell is the cell of move ply in a game that must never end: marks
// two apart, so no two are ever adjacent.
func spacedCell(ply int) (int, int) { return 2 * (ply / 40), 2 * (ply % 40) }

// hammer plays one human-only two-player game as fast as it can until the
// server stops answering, and returns the moves answered 200, in order.
func hammer(c *client, id string, tokens [2]string, from int) []move {
	var acked []move
	hc := &http.Client{Timeout: 5 * time.Second}
	for ply := from; ; ply++ {
		row, col := spacedCell(ply)
		req, _ := http.NewRequest("POST", c.base+"/api/games/"+id+"/moves",
			strings.NewReader(fmt.Sprintf(`{"row":%d,"col":%d,"ply":%d}`, row, col, ply)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+tokens[ply%2])
		resp, err := hc.Do(req)
		if err != nil {
			return acked
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return acked
		}
		acked = append(acked, move{row, col, ply%2 + 1})
	}
}

// requirePrefix fails the test unless have starts with want.
func requirePrefix(t *testing.T, want, have []move, msgAndArgs ...any) {
	t.Helper()
	require.GreaterOrEqual(t, len(have), len(want), msgAndArgs...)
	require.Equal(t, append([]move{}, want...), append([]move{}, have[:len(want)]...), msgAndArgs...)
}

func TestBinaryKill9(t *testing.T) {
	kill9(t, filepath.Join(t.TempDir(), "games.db"))
}

func TestBinaryKill9Postgres(t *testing.T) {
	kill9(t, pgtest.URL(t))
}

// kill9 plays games on "gomoku serve" over db while killing it with
// SIGKILL at random moments, and checks after each restart that every
// answered move is there, in order, and that play goes on.
func kill9(t *testing.T, db string) {
	p := startBinary(t, db)
	const games, rounds = 6, 8
	ids := make([]string, games)
	tokens := make([][2]string, games)
	acked := make([][]move, games)
	for i := range ids {
		g := p.client.create(`{"k":5}`)
		ids[i], tokens[i] = g.ID, [2]string{g.token(1), g.token(2)}
	}
	// A game where a bot plays every other move, and is often to move when
	// the server dies.
	botGame := p.client.create(`{"k":30,"seats":["human","random"]}`)
	var botAcked []move

	rng := rand.New(rand.NewPCG(1, 2))
	total := 0
	for round := range rounds {
		// Every answered move is there, in order; moves committed but not
		// answered before the crash may follow them.
		for i, id := range ids {
			s := p.client.state(id)
			require.GreaterOrEqual(t, len(s.Moves), len(acked[i]), "round %d game %d", round, i)
			requirePrefix(t, acked[i], s.Moves, "round %d game %d: answered moves lost or reordered", round, i)
			acked[i] = s.Moves
		}
		s := p.client.waitFor(botGame.ID, 10*time.Second, func(s state) bool { return s.Turn == 1 })
		requirePrefix(t, botAcked, s.Moves, "round %d: bot game", round)
		botAcked = s.Moves

		var wg sync.WaitGroup
		got := make([][]move, games)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i] = hammer(p.client, ids[i], tokens[i], len(acked[i]))
			}()
		}
		var botMoves []move
		wg.Add(1)
		go func() { // the human of the bot game moves whenever it is its turn
			defer wg.Done()
			hc := &http.Client{Timeout: 5 * time.Second}
			for ply := len(botAcked); ; ply += 2 {
				row, col := spacedCell(ply + 1000)
				for {
					req, _ := http.NewRequest("POST", p.client.base+"/api/games/"+botGame.ID+"/moves",
						strings.NewReader(fmt.Sprintf(`{"row":%d,"col":%d,"ply":%d}`, row, col, ply)))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Authorization", "Bearer "+botGame.token(1))
					resp, err := hc.Do(req)
					if err != nil {
						return
					}
					resp.Body.Close()
					if resp.StatusCode == http.StatusOK {
						botMoves = append(botMoves, move{row, col, 1})
						break
					}
					if resp.StatusCode != http.StatusConflict { // 409: the bot has not moved yet
						return
					}
					time.Sleep(2 * time.Millisecond)
				}
			}
		}()
		time.Sleep(time.Duration(20+rng.IntN(300)) * time.Millisecond)
		p.kill()
		wg.Wait()
		for i := range ids {
			acked[i] = append(acked[i], got[i]...)
			total += len(got[i])
		}
		p = startBinary(t, db)
		// The human's answered moves in the bot game are there too.
		s = p.client.state(botGame.ID)
		var humans []move
		for _, m := range s.Moves[len(botAcked):] {
			if m.Player == 1 {
				humans = append(humans, m)
			}
		}
		requirePrefix(t, botMoves, humans, "round %d: the bot game's answered moves", round)
	}
	t.Logf("%d rounds of kill -9: %d answered moves, all there", rounds, total)
	require.Positive(t, total)

	// Play goes on after the last crash, in every game.
	for i, id := range ids {
		s := p.client.state(id)
		requirePrefix(t, acked[i], s.Moves, "after the last crash")
		row, col := spacedCell(s.Ply)
		p.client.mustMove(id, tokens[i][s.Ply%2], row, col, s.Ply)
	}

	// Killed while a bot thinks: the restarted server lets it move.
	slow := p.client.create(`{"seats":["human","search"]}`)
	p.client.mustMove(slow.ID, slow.token(1), 0, 0, 0)
	p.kill()
	p = startBinary(t, db, "--bot-budget", "300ms")
	s := p.client.waitFor(slow.ID, 20*time.Second, func(s state) bool { return s.Ply == 2 })
	assert.Equal(t, move{0, 0, 1}, s.Moves[0])
	assert.Equal(t, 2, s.Moves[1].Player)
}

func TestBinaryPostgresRace(t *testing.T) {
	url := pgtest.URL(t)
	a := startBinary(t, url)
	b := startBinary(t, url)
	raceRounds(t, a.client, b.client, 1000)
	t.Run("three players to a win across processes", func(t *testing.T) { playThreeToWin(t, b.client) })
}
