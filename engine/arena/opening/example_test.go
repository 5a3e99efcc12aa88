package opening_test

import (
	"fmt"
	"strings"

	"github.com/gomoku-engine/gomoku/engine/arena/opening"
)

// The three notations of a suite, one opening a line, placed on a 15×15
// board (cells are 0-based rows and columns, row 0 at the top).
func ExampleParse() {
	suite := `# the same three stones, three ways
0,0, 1,0, 0,1
h8i8h9
7 7  7 8  8 7
`
	openings, err := opening.Parse(strings.NewReader(suite), "suite.txt")
	if err != nil {
		panic(err)
	}
	for _, o := range openings {
		cells, err := o.Cells(15, 15)
		if err != nil {
			panic(err)
		}
		fmt.Println(o.Source, o.Notation, cells)
	}
	// Output:
	// suite.txt:2 offset [(7, 7) (7, 8) (8, 7)]
	// suite.txt:3 move string [(7, 7) (7, 8) (8, 7)]
	// suite.txt:4 row col [(7, 7) (7, 8) (8, 7)]
}
