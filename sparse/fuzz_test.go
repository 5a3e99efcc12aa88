package sparse

import (
	"testing"
)

// FuzzPlaceRemove interprets the input as a sequence of 3-byte operations
// (row offset, column offset, mark; a mark divisible by 4 removes) around an origin near
// the edge of the coordinate range, and compares the board with the
// builtin map after every operation.
func FuzzPlaceRemove(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 1, 1}, int8(0))
	f.Add([]byte{255, 255, 3, 128, 0, 1, 255, 255, 0}, int8(1))
	f.Add([]byte{7, 7, 7, 7, 7, 0, 7, 7, 7}, int8(-1))
	f.Fuzz(func(t *testing.T, ops []byte, edge int8) {
		origins := map[int8]Cell{0: {0, 0}, 1: {MaxCoord - 127, MaxCoord - 127}, -1: {MinCoord + 100, MinCoord + 100}}
		o, ok := origins[edge%2]
		if !ok {
			o = Cell{MaxCoord, MinCoord}
		}
		for _, l := range Layouts() {
			b, err := New(WithLayout(l))
			if err != nil {
				t.Fatal(err)
			}
			want := golden{}
			for i := 0; i+2 < len(ops); i += 3 {
				c := Cell{o.Row + int(int8(ops[i])), o.Col + int(int8(ops[i+1]))}
				// A mark byte divisible by 4 removes, so removals stay
				// frequent while marks still range over 1..255.
				mark := ops[i+2]
				if mark%4 == 0 {
					mark = 0
				}
				applyOp(t, b, want, c, mark)
				checkInvariants(t, b, want)
			}
		}
	})
}
