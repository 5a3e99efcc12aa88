package player

// ForceSparse makes s play two-player games with the sparse search, the
// one it uses for three or more players, so that benchmarks can put the
// two side by side.
func ForceSparse(s *Search) *Search {
	s.forceSparse = true
	return s
}

// WithVCF turns the search for a victory by continuous fours on or off
// (on by default); off, it also turns off the refutation of the
// opponent's fours at the root and the short VCF at the search's leaves.
// Tests and benchmarks isolate the alpha-beta with it.
func WithVCF(on bool) SearchOption { return func(s *Search) { s.vcf = on } }

// WithVCT turns the search for a victory by continuous threats (fours and
// threes) on or off (on by default).
func WithVCT(on bool) SearchOption { return func(s *Search) { s.vct = on } }
