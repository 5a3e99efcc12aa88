package player

// ForceSparse makes s play two-player games with the sparse search, the
// one it uses for three or more players, so that benchmarks can put the
// two side by side.
func ForceSparse(s *Search) *Search {
	s.forceSparse = true
	return s
}
