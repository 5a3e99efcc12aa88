package engine

import "slices"

// stackChunk is the number of values in each full chunk of a [stack].
const stackChunk = 1 << 14

// stack is a LIFO list kept in chunks of stackChunk values, so that the
// players of a long game and a checker's logs grow without copying and never hold
// an old and a new array at once; the first chunk grows by appending, so a
// short game costs no more than a slice. The last chunk emptied by pop is
// kept, so pushing and popping across a chunk boundary does not allocate.
type stack[T any] struct {
	chunks [][]T
	n      int
}

func (s *stack[T]) Len() int { return s.n }

func (s *stack[T]) push(v T) {
	c := s.n / stackChunk
	if s.n%stackChunk == 0 && (c > 0 || len(s.chunks) == 0) {
		if c < cap(s.chunks) {
			s.chunks = s.chunks[:c+1]
		} else {
			s.chunks = append(s.chunks, nil)
		}
		if c > 0 && cap(s.chunks[c]) == 0 {
			s.chunks[c] = make([]T, 0, stackChunk)
		}
	}
	s.chunks[c] = append(s.chunks[c], v)
	s.n++
}

// at returns a pointer to the i-th value; 0 ≤ i < Len. It stays valid
// until the value is popped.
func (s *stack[T]) at(i int) *T { return &s.chunks[i/stackChunk][i%stackChunk] }

// pop removes and returns the latest value; Len must be positive.
func (s *stack[T]) pop() T {
	v := *s.at(s.n - 1)
	s.n--
	c := s.n / stackChunk
	s.chunks[c] = s.chunks[c][:s.n%stackChunk]
	if s.n%stackChunk == 0 && c > 0 {
		s.chunks = s.chunks[:c]
	}
	return v
}

// reset empties the stack and lets go of every chunk but the first.
func (s *stack[T]) reset() {
	if s.n == 0 {
		return
	}
	clear(s.chunks[1:cap(s.chunks)])
	s.chunks[0] = s.chunks[0][:0]
	s.chunks = s.chunks[:1]
	s.n = 0
}

// clone returns an independent copy holding only the chunks in use.
func (s *stack[T]) clone() stack[T] {
	used := (s.n + stackChunk - 1) / stackChunk
	c := stack[T]{chunks: make([][]T, used), n: s.n}
	for i := range used {
		c.chunks[i] = slices.Clone(s.chunks[i])
	}
	return c
}
