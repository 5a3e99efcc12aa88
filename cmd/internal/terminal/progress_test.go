package terminal

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, 4, "games", true)
	p.Update(1)
	p.Update(2) // within 100ms of the last draw: skipped
	p.Update(4) // the last one is always drawn
	p.Done()
	out := buf.String()
	assert.Contains(t, out, "\r[#######.......................] 1/4 games, 0s\x1b[K")
	assert.NotContains(t, out, "2/4")
	assert.Contains(t, out, "\r[##############################] 4/4 games")
	assert.True(t, strings.HasSuffix(out, "\r\x1b[K"))

	buf.Reset()
	p = NewProgress(&buf, 4, "games", false)
	p.Update(4)
	p.Done()
	assert.Empty(t, buf.String())
}
