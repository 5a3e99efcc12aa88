// Command fakebrain is a small Gomocup engine for tests. It plays the free
// cell nearest the centre, and misbehaves as -mode says at its -at'th move
// of a game: crash, hang (with a sleeping child in its group), garbage,
// occupied, slow (answers after -sleep), refuse (ERROR), or norestart
// (answers ERROR to RESTART). With FAKEBRAIN_PIDS set it writes its pid
// into that directory.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

func main() {
	mode := flag.String("mode", "correct", "behaviour")
	at := flag.Int("at", 1, "the move of each game that misbehaves")
	sleep := flag.Duration("sleep", time.Second, "delay of a slow move")
	name := flag.String("name", "fake", "ABOUT name")
	flag.Parse()
	if dir := os.Getenv("FAKEBRAIN_PIDS"); dir != "" {
		_ = os.WriteFile(fmt.Sprintf("%s/%d", dir, os.Getpid()), nil, 0o644)
	}
	if *mode == "sleep" {
		time.Sleep(time.Hour)
		return
	}
	b := &brain{mode: *mode, at: *at, sleep: *sleep}
	in := bufio.NewScanner(os.Stdin)
	var board bool
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		word, rest, _ := strings.Cut(line, " ")
		if board {
			if strings.EqualFold(line, "DONE") {
				board = false
				b.move()
				continue
			}
			f := strings.Split(line, ",")
			x, _ := strconv.Atoi(f[0])
			y, _ := strconv.Atoi(f[1])
			b.stones[[2]int{x, y}] = true
			continue
		}
		switch strings.ToUpper(word) {
		case "START":
			n, _ := strconv.Atoi(rest)
			b.reset(n, n)
			fmt.Println("OK")
		case "RECTSTART":
			w, h, _ := strings.Cut(rest, ",")
			b.w, _ = strconv.Atoi(w)
			b.h, _ = strconv.Atoi(h)
			b.reset(b.w, b.h)
			fmt.Println("OK")
		case "RESTART":
			if b.mode == "norestart" {
				fmt.Println("ERROR restart is not supported")
				continue
			}
			b.reset(b.w, b.h)
			fmt.Println("OK")
		case "INFO":
		case "ABOUT":
			fmt.Printf("name=\"%s\", version=\"1.0\", author=\"tests\"\n", *name)
		case "BEGIN":
			b.move()
		case "TURN":
			x, y, _ := strings.Cut(rest, ",")
			xi, _ := strconv.Atoi(x)
			yi, _ := strconv.Atoi(y)
			b.stones[[2]int{xi, yi}] = true
			b.move()
		case "BOARD":
			b.stones = map[[2]int]bool{}
			board = true
		case "END":
			if b.mode == "hang" {
				time.Sleep(time.Hour)
			}
			return
		default:
			fmt.Println("UNKNOWN", word)
		}
	}
}

type brain struct {
	mode   string
	at     int
	sleep  time.Duration
	w, h   int
	moves  int
	stones map[[2]int]bool
}

func (b *brain) reset(w, h int) {
	b.w, b.h, b.moves, b.stones = w, h, 0, map[[2]int]bool{}
}

func (b *brain) move() {
	b.moves++
	fmt.Println("MESSAGE thinking")
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
				fmt.Printf("%d,%d\n", c[0], c[1])
				return
			}
		case "slow":
			time.Sleep(b.sleep)
		}
	}
	cx, cy := b.w/2, b.h/2
	for r := 0; r < max(b.w, b.h); r++ {
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				x, y := cx+dx, cy+dy
				if max(abs(dx), abs(dy)) != r || x < 0 || y < 0 || x >= b.w || y >= b.h || b.stones[[2]int{x, y}] {
					continue
				}
				b.stones[[2]int{x, y}] = true
				fmt.Printf("%d,%d\n", x, y)
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
