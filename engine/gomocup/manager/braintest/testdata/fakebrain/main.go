// Command fakebrain is a small Gomocup brain for tests. It plays the free
// cell nearest the centre, and misbehaves as -mode says at its -at'th move
// of a game: crash, hang (with a sleeping child in its group), garbage,
// occupied, slow (answers after -sleep), refuse (ERROR), or norestart
// (answers ERROR to RESTART); -mode eval prints an evaluation before
// every move. -evals 7,score,+M3 prints, before every move, a line
// "MESSAGE Depth N | Eval F" for each field F in turn, "score" standing
// for 100 × (own stones − the opponent's) + the own stones' column sum.
// -moves h8i8j9 gives its first moves of each game as a move string (h8
// is x 7, y 7), played whatever the board (the nearest free cell to the
// centre follows). -play left or right plays the first free cell of the
// top row from that end instead of the cell nearest the centre; -play
// cleared from the left when its table was cleared (YXHASHCLEAR) since
// its last move, else from the right. -fresh
// prints the evaluations only when the brain was given a node budget
// (INFO max_node) and had its table cleared (YXHASHCLEAR) since its last
// move, the conditions of a reading that does not depend on the ones
// before it. With FAKEBRAIN_PIDS set it writes its pid into that
// directory.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/record"
)

func main() {
	mode := flag.String("mode", "correct", "behaviour")
	at := flag.Int("at", 1, "the move of each game that misbehaves")
	sleep := flag.Duration("sleep", time.Second, "delay of a slow move")
	name := flag.String("name", "fake", "ABOUT name")
	script := flag.String("moves", "", "first moves of each game, a move string such as h8i8j9")
	evals := flag.String("evals", "", "evaluations printed before each move, such as 7,score,+M3")
	play := flag.String("play", "centre", "where to play: centre, or the top row from the left or right (cleared: left after YXHASHCLEAR, else right)")
	fresh := flag.Bool("fresh", false, "evaluations only after INFO max_node and YXHASHCLEAR")
	flag.Parse()
	if dir := os.Getenv("FAKEBRAIN_PIDS"); dir != "" {
		_ = os.WriteFile(fmt.Sprintf("%s/%d", dir, os.Getpid()), nil, 0o644)
	}
	if *mode == "sleep" {
		time.Sleep(time.Hour)
		return
	}
	if *play != "centre" && *play != "left" && *play != "right" && *play != "cleared" {
		fmt.Fprintln(os.Stderr, "fakebrain: -play: centre, left, right or cleared, not", *play)
		os.Exit(2)
	}
	b := &brain{mode: *mode, at: *at, sleep: *sleep, play: *play, fresh: *fresh}
	if *evals != "" {
		b.evals = strings.Split(*evals, ",")
	}
	if *script != "" {
		rec, err := record.ParseMoveString(*script)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fakebrain: -moves:", err)
			os.Exit(2)
		}
		for _, m := range rec.Moves {
			b.script = append(b.script, [2]int{m.Col, m.Row})
		}
	}
	in := gomocup.NewReader(os.Stdin, 4096)
	var board bool
	for {
		line, err := in.ReadLine()
		if err != nil {
			return
		}
		c, _ := gomocup.ParseCommand(line)
		if board {
			if c.Kind == gomocup.CmdDone {
				board = false
				b.move()
			} else if st, err := gomocup.ParseStone(line); err == nil {
				b.stones[[2]int{st.X, st.Y}] = st.Field
			}
			continue
		}
		switch c.Kind {
		case gomocup.CmdStart, gomocup.CmdRectStart:
			b.reset(c.X, c.Y)
			fmt.Println("OK")
		case gomocup.CmdRestart:
			if b.mode == "norestart" {
				fmt.Println("ERROR restart is not supported")
				continue
			}
			b.reset(b.w, b.h)
			fmt.Println("OK")
		case gomocup.CmdInfo:
			if c.Key == "max_node" {
				b.budget = true
			}
		case gomocup.CmdYxHashClear:
			b.cleared = true
			fmt.Println("MESSAGE hash cleared")
		case gomocup.CmdAbout:
			fmt.Println(gomocup.About{Name: *name, Version: "1.0", Author: "tests"})
		case gomocup.CmdBegin:
			b.move()
		case gomocup.CmdTurn:
			b.stones[[2]int{c.X, c.Y}] = gomocup.FieldOpponent
			b.move()
		case gomocup.CmdBoard:
			b.stones = map[[2]int]gomocup.Field{}
			board = true
		case gomocup.CmdEnd:
			if b.mode == "hang" {
				time.Sleep(time.Hour)
			}
			return
		default:
			fmt.Println("UNKNOWN", c.Word)
		}
	}
}

type brain struct {
	mode   string
	at     int
	sleep  time.Duration
	w, h   int
	moves  int
	stones map[[2]int]gomocup.Field
	script [][2]int
	evals  []string
	play   string
	// fresh gates the evaluations on budget (INFO max_node was given)
	// and cleared (YXHASHCLEAR since the last move).
	fresh, budget, cleared bool
}

func (b *brain) reset(w, h int) {
	b.w, b.h, b.moves, b.stones = w, h, 0, map[[2]int]gomocup.Field{}
}

// score is 100 × (own stones − the opponent's) + the own stones' column
// sum: an evaluation that tells which stones the brain was told are its
// own, and where they are.
func (b *brain) score() int {
	s := 0
	for c, f := range b.stones {
		switch f {
		case gomocup.FieldOwn:
			s += 100 + c[0]
		case gomocup.FieldOpponent:
			s -= 100
		}
	}
	return s
}

// printEvals prints the MESSAGE lines with the evaluations asked for,
// unless -fresh holds them back.
func (b *brain) printEvals() {
	fresh := b.budget && b.cleared
	b.cleared = false
	if b.fresh && !fresh {
		return
	}
	if b.mode == "eval" {
		// An evaluation a test can predict: ten a stone, none when their
		// number is a multiple of seven.
		e := strconv.Itoa(10 * len(b.stones))
		if len(b.stones)%7 == 0 {
			e = "VAL_NONE"
		}
		fmt.Println("MESSAGE Depth 1 | Eval " + e + " | Node 1")
	}
	for i, e := range b.evals {
		if e == "score" {
			e = strconv.Itoa(b.score())
		}
		fmt.Printf("MESSAGE Depth %d | Eval %s\n", i+1, e)
	}
}

func (b *brain) move() {
	b.moves++
	fmt.Println("MESSAGE thinking")
	cleared := b.cleared
	b.printEvals()
	if b.moves == b.at {
		switch b.mode {
		case "crash":
			fmt.Fprintln(os.Stderr, "fakebrain: deliberate crash")
			os.Exit(3)
		case "hang":
			child := exec.Command(os.Args[0], "-mode", "sleep")
			_ = child.Start()
			time.Sleep(time.Hour)
		case "garbage":
			fmt.Println("the answer is 42")
			return
		case "refuse":
			fmt.Println("ERROR no move today")
			return
		case "occupied":
			for c := range b.stones {
				fmt.Println(gomocup.Point(c[0], c[1]))
				return
			}
		case "slow":
			time.Sleep(b.sleep)
		}
	}
	if b.moves <= len(b.script) {
		c := b.script[b.moves-1]
		b.stones[c] = gomocup.FieldOwn
		fmt.Println(gomocup.Point(c[0], c[1]))
		return
	}
	if b.play != "centre" {
		x, step := b.w-1, -1
		if b.play == "left" || b.play == "cleared" && cleared {
			x, step = 0, 1
		}
		for ; x >= 0 && x < b.w; x += step {
			if b.stones[[2]int{x, 0}] == 0 {
				b.stones[[2]int{x, 0}] = gomocup.FieldOwn
				fmt.Println(gomocup.Point(x, 0))
				return
			}
		}
	}
	cx, cy := b.w/2, b.h/2
	for r := 0; r < max(b.w, b.h); r++ {
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				x, y := cx+dx, cy+dy
				if max(abs(dx), abs(dy)) != r || x < 0 || y < 0 || x >= b.w || y >= b.h || b.stones[[2]int{x, y}] != 0 {
					continue
				}
				b.stones[[2]int{x, y}] = gomocup.FieldOwn
				fmt.Println(gomocup.Point(x, y))
				return
			}
		}
	}
	fmt.Println("ERROR board full")
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
