package serve

import (
	"bytes"
	"testing"
)

// FuzzReadFrames feeds the frame reader anything a client could send: it
// must end with a close code or a read error, never panic nor hand on a
// payload longer than a control frame's.
func FuzzReadFrames(f *testing.F) {
	f.Add([]byte{0x89, 0x82, 1, 2, 3, 4, 'h' ^ 1, 'i' ^ 2})
	f.Add([]byte{0x88, 0x80, 0, 0, 0, 0})
	f.Add([]byte{0x81, 0x85, 0, 0, 0, 0, 'h', 'e', 'l', 'l', 'o'})
	f.Add([]byte{0x8A, 0xFE, 0, 200})
	f.Fuzz(func(t *testing.T, b []byte) {
		code, _ := readFrames(bytes.NewReader(b), func(op byte, p []byte) bool {
			if op < opClose || op > opPong || len(p) > 125 {
				t.Fatalf("handed on opcode %x with %d bytes", op, len(p))
			}
			return op != opClose
		})
		switch code {
		case 0, closeProtocolError, closePolicyViolation:
		default:
			t.Fatalf("close code %d", code)
		}
	})
}
