package sparse

import (
	"errors"
	"fmt"
	"strings"
)

// ErrBadLayout is returned for a layout name or number this package does
// not know.
var ErrBadLayout = errors.New("sparse: unknown layout")

// Layouts lists every layout, the default first.
func Layouts() []Layout { return []Layout{SwissTile, SwissCell, GoMapCell} }

// ParseLayout is the inverse of [Layout.String].
func ParseLayout(s string) (Layout, error) {
	names := make([]string, 0, 3)
	for _, l := range Layouts() {
		if l.String() == s {
			return l, nil
		}
		names = append(names, l.String())
	}
	return 0, fmt.Errorf("%w: %q (want %s)", ErrBadLayout, s, strings.Join(names, ", "))
}
