package sparse

import "errors"

// ErrBadLayout is returned by [New] for a layout this package does not
// know.
var ErrBadLayout = errors.New("sparse: unknown layout")

// Layouts lists every layout, the default first.
func Layouts() []Layout { return []Layout{SwissTile, SwissCell, GoMapCell} }
