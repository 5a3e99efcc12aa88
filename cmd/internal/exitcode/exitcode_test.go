package exitcode

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/urfave/cli/v2"
)

func TestOf(t *testing.T) {
	tests := []struct {
		name string
		err  error
		code int
		out  string
	}{
		{"success", nil, OK, ""},
		{"exit coder with a message", cli.Exit("prog: line 3: bad", Fail), Fail, "prog: line 3: bad\n"},
		{"exit coder without a message", cli.Exit("", Usage), Usage, ""},
		{"wrapped exit coder", errors.Join(cli.Exit("interrupted", 130)), 130, "interrupted\n"},
		{"any other error is about the command line", errors.New("flag needs an argument"), Usage, "prog: flag needs an argument\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			assert.Equal(t, tt.code, Of(tt.err, "prog", &buf))
			assert.Equal(t, tt.out, buf.String())
		})
	}
}
