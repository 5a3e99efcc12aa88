package gomocup_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

// A manager writes a request; a brain reads it line by line.
func Example() {
	req := []string{
		gomocup.Info(gomocup.InfoTimeLeft, 9000).String(),
		gomocup.CmdBoard.String(),
		gomocup.Stone{X: 7, Y: 7, Field: gomocup.FieldOpponent}.String(),
		gomocup.Stone{X: 8, Y: 8, Field: gomocup.FieldOwn}.String(),
		gomocup.CmdDone.String(),
	}
	_ = gomocup.WriteLines(os.Stdout, req...)

	var sb strings.Builder
	_ = gomocup.WriteLines(&sb, req...)
	r := gomocup.NewReader(strings.NewReader(sb.String()), 4096)
	for {
		line, err := r.ReadLine()
		if err != nil {
			break
		}
		if c, err := gomocup.ParseCommand(line); err == nil && c.Kind != gomocup.CmdUnknown {
			fmt.Printf("command %v, key %q\n", c.Kind, c.Key)
		} else if st, err := gomocup.ParseStone(line); err == nil {
			fmt.Printf("stone at column %d, row %d: %v\n", st.X, st.Y, st.Field)
		}
	}
	a := gomocup.ParseAnswer("9,6")
	fmt.Println(a.Kind, a.X, a.Y)
	// Output:
	// INFO time_left 9000
	// BOARD
	// 7,7,2
	// 8,8,1
	// DONE
	// command INFO, key "time_left"
	// command BOARD, key ""
	// stone at column 7, row 7: opponent
	// stone at column 8, row 8: own
	// command DONE, key ""
	// move 9 6
}
