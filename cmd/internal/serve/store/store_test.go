package store

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGather(t *testing.T) {
	ch := make(chan int, 10)
	for i := 2; i <= 6; i++ {
		ch <- i
	}
	buf := make([]int, 0, 4)
	assert.Equal(t, []int{1, 2, 3, 4}, Gather(buf, 1, ch, 4), "at most max values")
	assert.Equal(t, []int{10, 5, 6}, Gather(buf, 10, ch, 4), "the first value leads, then what waited")
	assert.Equal(t, []int{7}, Gather(buf, 7, ch, 4), "never waits for more")
	ch <- 8
	close(ch)
	assert.Equal(t, []int{0, 8}, Gather(buf, 0, ch, 4), "a closed queue ends the batch")
}
