package record

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
)

// Detect names the format of a record from its content: a .psq file starts
// with the "Piskvorky" header, an SGF record with "(;", a move string is
// nothing but letter-number pairs and whitespace. Anything else (a JSON saved game, say) is
// [Unknown], so a caller can try its own formats next.
func Detect(data []byte) Format {
	s := strings.TrimSpace(string(withoutBOM(data)))
	switch {
	case s == "":
		return Unknown
	case strings.HasPrefix(s, psqMagic):
		return PSQ
	case strings.HasPrefix(s, "(") && strings.HasPrefix(strings.TrimLeft(s[1:], " \t\r\n"), ";"):
		return SGF
	case isMoveString(s):
		return MoveString
	}
	return Unknown
}

// withoutBOM is data without the byte-order mark that may open a UTF-8
// file.
func withoutBOM(data []byte) []byte { return bytes.TrimPrefix(data, []byte("\uFEFF")) }

// isMoveString reports whether s is letters each followed by digits, with
// whitespace between moves only.
func isMoveString(s string) bool {
	wantDigit := false // just after a letter
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			if wantDigit {
				return false
			}
			wantDigit = true
		case c >= '0' && c <= '9':
			if i == 0 {
				return false
			}
			wantDigit = false
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			if wantDigit {
				return false
			}
		default:
			return false
		}
	}
	return !wantDigit
}

// Load detects the format of data and parses it. A byte-order mark and
// surrounding whitespace are ignored.
func Load(data []byte) (*Record, Format, error) {
	f := Detect(data)
	data = withoutBOM(data)
	switch f {
	case PSQ:
		rec, err := ParsePSQ(string(data))
		return rec, f, err
	case MoveString:
		rec, err := ParseMoveString(string(data))
		return rec, f, err
	case SGF:
		rec, err := ParseSGF(string(data))
		return rec, f, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, Unknown, fmt.Errorf("%w: the input is empty", ErrEmpty)
	}
	return nil, Unknown, fmt.Errorf("%w: neither a Piskvork .psq file (\"Piskvorky WxH, ...\" header), an SGF record (\"(;GM[4]...\") nor a move string like \"h8i9\"", ErrUnknownFormat)
}

// LoadFile reads and loads a record file; errors name the file.
func LoadFile(path string) (*Record, Format, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, Unknown, fmt.Errorf("record: %w", err)
	}
	rec, f, err := Load(data)
	if err != nil {
		return nil, f, fmt.Errorf("%s: %w", path, err)
	}
	return rec, f, nil
}

// Format renders rec in format f: .psq text or a move string followed by a
// newline.
func (r *Record) Format(f Format) (string, error) {
	switch f {
	case PSQ:
		return FormatPSQ(r)
	case SGF:
		return FormatSGF(r)
	case MoveString:
		s, err := FormatMoveString(r.Moves)
		if err != nil {
			return "", err
		}
		return s + "\n", nil
	}
	return "", fmt.Errorf("%w: %v", ErrUnknownFormat, f)
}

// Save writes rec to path in format f atomically: it writes a temporary file
// in the same directory and renames it over path, so a failure leaves any
// previous file intact.
func Save(path string, rec *Record, f Format) error {
	text, err := rec.Format(f)
	if err != nil {
		return err
	}
	err = atomicfile.Write(path, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return nil
}
