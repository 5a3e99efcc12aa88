// Package mix spreads 64-bit values: the seeds a match derives from its
// own, and the Zobrist keys of the players' positions.
package mix

// Golden is 2^64 divided by the golden ratio, SplitMix64's increment: odd,
// and its multiples spread evenly over the 64-bit range.
const Golden = 0x9e3779b97f4a7c15

// Finalise is SplitMix64's output function (Stafford's Mix13): a
// bijection of uint64 whose every output bit depends on every input bit,
// so neighbouring inputs give unrelated outputs.
func Finalise(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// SplitMix64 is one SplitMix64 output for state x: the finaliser of x
// advanced by [Golden]. SplitMix64(i) for i = 0, 1, 2… is a stream of
// well-spread seeds.
func SplitMix64(x uint64) uint64 { return Finalise(x + Golden) }
